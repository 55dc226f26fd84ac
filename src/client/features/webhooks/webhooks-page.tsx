/** Webhooks: Endpoints, Logs and Format Guidelines, the open tab kept in the address. */
import { type PageTab, TabbedPage } from '../../components/tabbed-page';
import { OutboundDeliveries } from '../automation/outbound-deliveries';
import { EndpointsTab } from './endpoints-tab';
import { GuidelinesTab } from './guidelines-tab';
import { LogsTab } from './logs-tab';

const TABS: [PageTab, ...PageTab[]] = [
  { value: 'endpoints', label: 'Endpoints', Panel: EndpointsTab },
  { value: 'logs', label: 'Logs', Panel: LogsTab },
  { value: 'guidelines', label: 'Format Guidelines', Panel: GuidelinesTab },
  // The automation webhooks this product sends (docs/api.md, 'Outbound webhooks').
  { value: 'outbound', label: 'Outbound', Panel: OutboundDeliveries },
];

export default function WebhooksPage() {
  return (
    <TabbedPage
      title="Webhooks"
      description="How external systems update orders, and every message they have sent."
      tabs={TABS}
    />
  );
}
