import { PlaceholderPage } from '../../components/placeholder-page';

export default function OrdersPage() {
  return (
    <PlaceholderPage
      title="My Orders"
      description="Your orders and the progress of every unit will appear here."
    />
  );
}
