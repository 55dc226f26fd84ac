/** Settings: nine tabs, the open one kept in the address. */
import { type PageTab, TabbedPage } from '../../components/tabbed-page';
import { FinancingSettingsTab } from '../financing/financing-settings-tab';
import { AdminUsersTab } from './admin-users-tab';
import { ApiKeysTab } from './api-keys-tab';
import { DeliveryEstimatesTab } from './delivery-estimates-tab';
import { GeneralTab } from './general-tab';
import { HelpTab } from './help-tab';
import { IntegrationsTab } from './integrations-tab';
import { NotificationsTab } from './notifications-tab';
import { SecurityTab } from './security-tab';
import { ServiceAreasTab } from './service-areas-tab';

const TABS: [PageTab, ...PageTab[]] = [
  { value: 'general', label: 'General', Panel: GeneralTab },
  { value: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { value: 'integrations', label: 'Integrations', Panel: IntegrationsTab },
  { value: 'users', label: 'Admin Users', Panel: AdminUsersTab },
  { value: 'api-keys', label: 'API Keys', Panel: ApiKeysTab },
  { value: 'service-areas', label: 'Service Areas', Panel: ServiceAreasTab },
  { value: 'delivery-estimates', label: 'Delivery Estimates', Panel: DeliveryEstimatesTab },
  { value: 'security', label: 'Security', Panel: SecurityTab },
  { value: 'financing', label: 'Financing', Panel: FinancingSettingsTab },
  { value: 'help', label: 'Help', Panel: HelpTab },
];

export default function AdminSettingsPage() {
  return (
    <TabbedPage
      title="Settings"
      description="Your company, notifications, integrations, staff, service areas, delivery estimates, security, financing and help."
      tabs={TABS}
    />
  );
}
