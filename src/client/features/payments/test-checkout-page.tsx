import { PlaceholderPage } from '../../components/placeholder-page';

export default function TestCheckoutPage() {
  return <PlaceholderPage title="Test checkout" description="The built-in test checkout will appear here." />;
}
