/** The Email and SMS notification toggles (stored per user, decision 26). */
import { useTranslation } from 'react-i18next';
import type { NotificationPrefs } from '../../../shared/schemas/user.js';
import { SwitchRow } from '../../components/switch-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toastError } from '../../lib/notify';
import { useServerError } from '../../lib/server-error';
import { DEFAULT_NOTIFICATION_PREFS, useNotificationPrefs, useUpdateNotificationPrefs } from './settings-api';

export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const serverError = useServerError();
  const prefsQuery = useNotificationPrefs();
  const updatePrefs = useUpdateNotificationPrefs();
  const prefs = prefsQuery.data ?? DEFAULT_NOTIFICATION_PREFS;

  function toggle(name: keyof NotificationPrefs, on: boolean) {
    updatePrefs.mutate(
      { [name]: on },
      {
        onError: (error) => toastError(t('error'), undefined, serverError(error) ?? t('errorText')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notifications.title')}</CardTitle>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SwitchRow
          label={t('notifications.email')}
          description={t('notifications.emailDescription')}
          checked={prefs.email}
          // Until the saved choice arrives a toggle would overwrite it unseen.
          disabled={prefsQuery.isPending}
          onCheckedChange={(on) => toggle('email', on)}
        />
        <SwitchRow
          label={t('notifications.sms')}
          description={t('notifications.smsDescription')}
          checked={prefs.sms}
          disabled={prefsQuery.isPending}
          onCheckedChange={(on) => toggle('sms', on)}
        />
      </CardContent>
    </Card>
  );
}
