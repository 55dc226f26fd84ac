/** Settings: the password, the notification choices and the language. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { LanguageCard } from './language-card';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PasswordCard email={user?.email ?? ''} />
        <div className="grid gap-6">
          <NotificationsCard />
          <LanguageCard />
        </div>
      </div>
    </section>
  );
}
