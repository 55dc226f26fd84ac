/** The Email and SMS notification toggles (customer spec §2; stored per user, decision 26). */
import { useId } from 'react';
import type { NotificationPrefs } from '../../../shared/schemas/user.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { DEFAULT_NOTIFICATION_PREFS, useNotificationPrefs, useUpdateNotificationPrefs } from './api';

export function NotificationsCard() {
  const prefsQuery = useNotificationPrefs();
  const updatePrefs = useUpdateNotificationPrefs();
  const prefs = prefsQuery.data ?? DEFAULT_NOTIFICATION_PREFS;

  function toggle(name: keyof NotificationPrefs, on: boolean) {
    updatePrefs.mutate(
      { [name]: on },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error) ?? 'Something went wrong',
          }),
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
        <NotificationSwitch
          label="Email Notifications"
          description="Order updates sent to your email address."
          checked={prefs.email}
          // Until the saved choice arrives a toggle would overwrite it unseen.
          disabled={prefsQuery.isPending}
          onCheckedChange={(on) => toggle('email', on)}
        />
        <NotificationSwitch
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

function NotificationSwitch({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
