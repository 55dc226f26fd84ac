import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-semibold text-3xl tracking-tight">{t('notFound.title')}</h1>
      <p className="max-w-sm text-muted-foreground text-sm">{t('notFound.description')}</p>
      <Link to="/" className={buttonVariants()}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
