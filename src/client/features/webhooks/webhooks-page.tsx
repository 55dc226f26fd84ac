/**
 * Webhooks (admin spec §2): Endpoints, Logs and Format Guidelines. The open tab is kept in the address
 * (?tab=…), as on the Settings page. A new tab is one more entry in TABS.
 */
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { OutboundDeliveries } from '../automation/outbound-deliveries';
import { EndpointsTab } from './endpoints-tab';
import { GuidelinesTab } from './guidelines-tab';
import { LogsTab } from './logs-tab';

const TABS = [
  { value: 'endpoints', label: 'Endpoints', Panel: EndpointsTab },
  { value: 'logs', label: 'Logs', Panel: LogsTab },
  { value: 'guidelines', label: 'Format Guidelines', Panel: GuidelinesTab },
  // Beyond the spec (issue #6): the automation webhooks this product sends.
  { value: 'outbound', label: 'Outbound', Panel: OutboundDeliveries },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

export default function WebhooksPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabValue = isTab(requested) ? requested : 'endpoints';

  return (
    <section className="grid min-w-0 gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Webhooks</h1>
        <p className="text-muted-foreground">
          How external systems update orders, and every message they have sent.
        </p>
      </header>
      <Tabs
        value={current}
        onValueChange={(value) =>
          setParams(value === 'endpoints' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label="Webhooks sections" className="h-auto flex-wrap justify-start">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
