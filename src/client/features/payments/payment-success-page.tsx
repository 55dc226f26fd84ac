import { PlaceholderPage } from '../../components/placeholder-page';

export default function PaymentSuccessPage() {
  return (
    <PlaceholderPage title="Payment Status" description="The result of your payment will appear here." />
  );
}
