/**
 * Security: whether every staff account must have a second factor. Staff without one then sign in with
 * the mailed code as before and are taken to setting one up before anything else (decision 154).
 */
import { Controller, useForm } from 'react-hook-form';
import type { SecuritySettings } from '../../../shared/schemas/settings.js';
import { SwitchRow } from '../../components/switch-row';
import { useSaveSettings, useSettings } from './api';
import { useSaveFeedback } from './save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState } from './settings-form';

export function SecurityTab() {
  const settings = useSettings('security');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return <SecurityForm saved={settings.data} />;
}

function SecurityForm({ saved }: { saved: SecuritySettings }) {
  const form = useForm<SecuritySettings>({ values: saved });
  const save = useSaveSettings('security');
  const feedback = useSaveFeedback();
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onSuccess: feedback.succeeded, onError: feedback.failed }),
  );
  return (
    <SettingsCard title="Security" description="How staff sign in to the back office.">
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <Controller
          control={form.control}
          name="requireSecondFactor"
          render={({ field }) => (
            <SwitchRow
              label="Require a second factor for every staff account"
              description="Staff without a passkey or an authenticator app must set one up at their next request before they can use the back office. Customers are not affected."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <SaveRow label="Save Security Settings" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}
