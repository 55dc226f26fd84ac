import { PlaceholderPage } from '../../components/placeholder-page';

export default function AccountPage() {
  return (
    <PlaceholderPage
      title="My Account"
      description="Your profile, shipping details and recent activity will appear here."
    />
  );
}
