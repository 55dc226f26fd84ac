import { useTranslation } from 'react-i18next';
import { useInBrowser } from '../../lib/in-browser';
import { LanguageField } from './language-field';
import { useLocale } from './use-locale';

/** The language choice of the full app's public pages (tracking); a signed-in user's is stored too. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { locale, setLocale } = useLocale();
  // Switching needs the app: on a tracking page the server drew (decision 300) it waits for it.
  const inBrowser = useInBrowser();
  return (
    <LanguageField
      disabled={!inBrowser}
      label={t('language.label')}
      locale={locale}
      onChange={(next) => void setLocale(next)}
      className={className}
    />
  );
}
