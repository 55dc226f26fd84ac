import { PlaceholderPage } from '../../components/placeholder-page';

export default function WebhooksPage() {
  return (
    <PlaceholderPage
      title="Webhooks"
      description="Webhook endpoints, logs and format guidelines will appear here."
    />
  );
}
