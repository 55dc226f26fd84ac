import { PlaceholderPage } from '../../components/placeholder-page';

export default function SettingsPage() {
  return (
    <PlaceholderPage title="Settings" description="Password and notification settings will appear here." />
  );
}
