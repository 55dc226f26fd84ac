import { PlaceholderPage } from '../../components/placeholder-page';

export default function AdminSettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      description="General, notification, integration, admin user, API key and service area settings will appear here."
    />
  );
}
