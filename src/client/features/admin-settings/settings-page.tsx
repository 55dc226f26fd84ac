/**
 * Settings (admin spec §2): six tabs. The open tab is kept in the address (?tab=…), so a reload or a
 * shared link opens the same one.
 */
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AdminUsersTab } from './admin-users-tab';
import { ApiKeysTab } from './api-keys-tab';
import { GeneralTab } from './general-tab';
import { IntegrationsTab } from './integrations-tab';
import { NotificationsTab } from './notifications-tab';
import { ServiceAreasTab } from './service-areas-tab';

const TABS = [
  { value: 'general', label: 'General', Panel: GeneralTab },
  { value: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { value: 'integrations', label: 'Integrations', Panel: IntegrationsTab },
  { value: 'users', label: 'Admin Users', Panel: AdminUsersTab },
  { value: 'api-keys', label: 'API Keys', Panel: ApiKeysTab },
  { value: 'service-areas', label: 'Service Areas', Panel: ServiceAreasTab },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

export default function AdminSettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabValue = isTab(requested) ? requested : 'general';

  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">
          Your company, notifications, integrations, staff and service areas.
        </p>
      </header>
      <Tabs
        value={current}
        onValueChange={(value) =>
          setParams(value === 'general' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label="Settings sections" className="h-auto flex-wrap justify-start">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
