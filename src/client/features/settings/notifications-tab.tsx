/**
 * Notifications: which events the back office wants to hear about. The admin e-mails for new orders,
 * payments, document signing and customer messages read these switches (decisions 63, 87 and 159); the
 * customers' order confirmations read the last two (decision 265).
 */
import { Controller, useForm } from 'react-hook-form';
import type { NotificationSettings } from '../../../shared/schemas/settings.js';
import { SwitchRow } from '../../components/switch-row';
import { useSaveSettings, useSettings } from './api';
import { useSaveFeedback } from './save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState } from './settings-form';

const TOGGLES: readonly { name: keyof NotificationSettings; label: string; description: string }[] = [
  {
    name: 'newOrderAlerts',
    label: 'New Order Alerts',
    description: 'When a new order arrives from the website, an import or a webhook.',
  },
  {
    name: 'paymentProcessing',
    label: 'Payment Processing',
    description: 'When a payment succeeds, fails or is waiting for funds.',
  },
  {
    name: 'documentSigning',
    label: 'Document Signing',
    description: 'When documents are ready to sign and when a customer signs them.',
  },
  {
    name: 'customerMessages',
    label: 'Customer Messages',
    description: 'When a customer writes and nobody has answered yet (to staff who answer customers).',
  },
  {
    name: 'confirmWebhookOrders',
    label: 'Confirm Webhook Orders',
    description:
      'Mail customers a confirmation with their tracking link when an order arrives through the orders webhook.',
  },
  {
    name: 'confirmAdminOrders',
    label: 'Confirm Staff-Created Orders',
    description:
      'Mail customers the same confirmation for orders staff create (imports follow their own Send notification option).',
  },
];

export function NotificationsTab() {
  const settings = useSettings('notifications');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return <NotificationsForm saved={settings.data} />;
}

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const form = useForm<NotificationSettings>({ values: saved });
  const save = useSaveSettings('notifications');
  const feedback = useSaveFeedback();
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onSuccess: feedback.succeeded, onError: feedback.failed }),
  );

  return (
    <SettingsCard title="Notification Preferences" description="The events the back office is alerted to.">
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <div className="grid gap-4">
          {TOGGLES.map((toggle) => (
            <Controller
              key={toggle.name}
              control={form.control}
              name={toggle.name}
              render={({ field }) => (
                <SwitchRow
                  label={toggle.label}
                  description={toggle.description}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          ))}
        </div>
        <SaveRow label="Save Preferences" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}
