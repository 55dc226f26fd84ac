import { PlaceholderPage } from '../../components/placeholder-page';

export default function CustomersPage() {
  return (
    <PlaceholderPage title="Customers" description="Customer accounts and their orders will appear here." />
  );
}
