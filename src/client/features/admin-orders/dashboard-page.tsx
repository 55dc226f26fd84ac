import { PlaceholderPage } from '../../components/placeholder-page';

export default function DashboardPage() {
  return <PlaceholderPage title="Dashboard" description="Order totals and recent orders will appear here." />;
}
