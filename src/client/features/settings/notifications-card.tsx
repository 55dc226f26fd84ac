/** The Email and SMS notification toggles (stored per user, decision 26). */
import type { NotificationPrefs } from '../../../shared/schemas/user.js';
import { SwitchRow } from '../../components/switch-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toastError } from '../../lib/notify';
import { DEFAULT_NOTIFICATION_PREFS, useNotificationPrefs, useUpdateNotificationPrefs } from './api';

export function NotificationsCard() {
  const prefsQuery = useNotificationPrefs();
  const updatePrefs = useUpdateNotificationPrefs();
  const prefs = prefsQuery.data ?? DEFAULT_NOTIFICATION_PREFS;

  function toggle(name: keyof NotificationPrefs, on: boolean) {
    updatePrefs.mutate(
      { [name]: on },
      {
        onError: (error) => toastError('Error', error, 'Something went wrong'),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>How we tell you when an order moves to its next stage.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SwitchRow
          label="Email Notifications"
          description="Order updates sent to your email address."
          checked={prefs.email}
          // Until the saved choice arrives a toggle would overwrite it unseen.
          disabled={prefsQuery.isPending}
          onCheckedChange={(on) => toggle('email', on)}
        />
        <SwitchRow
          label="SMS Notifications"
          description="Order updates sent by text message to your phone."
          checked={prefs.sms}
          disabled={prefsQuery.isPending}
          onCheckedChange={(on) => toggle('sms', on)}
        />
      </CardContent>
    </Card>
  );
}
