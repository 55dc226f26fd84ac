/** Settings: the password and the notification choices. */
import { useSession } from '../auth/session';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';

export default function SettingsPage() {
  const { user } = useSession();
  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">Your password and how we keep you informed.</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PasswordCard email={user?.email ?? ''} />
        <NotificationsCard />
      </div>
    </section>
  );
}
