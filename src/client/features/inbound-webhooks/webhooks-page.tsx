/** Webhooks: Endpoints, Logs and Format Guidelines, the open tab kept in the address. */

import { type PageTab, TabbedPage } from '../../components/tabbed-page';
import { useCan } from '../auth/permissions';
import { OutboundDeliveries } from '../outbound-webhooks/outbound-deliveries';
import { EndpointsTab } from './endpoints-tab';
import { GuidelinesTab } from './guidelines-tab';
import { LogsTab } from './logs-tab';

const TABS: [PageTab, ...PageTab[]] = [
  { value: 'endpoints', label: 'Endpoints', Panel: EndpointsTab },
  { value: 'logs', label: 'Logs', Panel: LogsTab },
  { value: 'guidelines', label: 'Format Guidelines', Panel: GuidelinesTab },
];
// The automation webhooks this product sends (docs/api.md, 'Outbound webhooks'): an integration, so
// admins only.
const OUTBOUND_TAB: PageTab = { value: 'outbound', label: 'Outbound', Panel: OutboundDeliveries };

export default function WebhooksPage() {
  const can = useCan();
  return (
    <TabbedPage
      title="Webhooks"
      description="How external systems update orders, and every message they have sent."
      tabs={can('admin.all') ? [...TABS, OUTBOUND_TAB] : TABS}
    />
  );
}
