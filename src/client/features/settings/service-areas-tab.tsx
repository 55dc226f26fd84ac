/** Service Areas: an explanatory note and the service-areas manager. */
import { Info } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { ServiceAreasManager } from '../service-areas/service-areas-manager';
import { SettingsCard } from './settings-form';

export function ServiceAreasTab() {
  return (
    <SettingsCard title="Service Areas" description="The ZIP codes where you deliver and install units.">
      <div className="grid gap-6">
        <Alert>
          <Info aria-hidden="true" />
          <p>
            Orders are only unlocked for onboarding in enabled ZIP codes. Adding a code moves the orders in it
            that are waiting at Order Placed to Location Enabled at once; removing a code does not move any
            order back.
          </p>
        </Alert>
        <ServiceAreasManager />
      </div>
    </SettingsCard>
  );
}
