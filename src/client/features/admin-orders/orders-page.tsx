import { PlaceholderPage } from '../../components/placeholder-page';

export default function AdminOrdersPage() {
  return (
    <PlaceholderPage
      title="Orders"
      description="The orders table with search, filters, status changes and export will appear here."
    />
  );
}
