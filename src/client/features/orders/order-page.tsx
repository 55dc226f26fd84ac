import { PlaceholderPage } from '../../components/placeholder-page';

export default function OrderPage() {
  return (
    <PlaceholderPage
      title="Order Details"
      description="The timeline, documents and payment of this order will appear here."
    />
  );
}
