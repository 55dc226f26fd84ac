import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/locales.js';
import { cn } from '../../lib/utils';
import { useLocale } from './use-locale';

/** Each language named in itself, so a reader finds their own whatever the page's language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français' };

/**
 * The language choice of the public pages (sign-in, tracking): a labelled native select, light enough
 * for the sign-in page's first load.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { locale, locales, setLocale } = useLocale();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="text-muted-foreground">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => void setLocale(event.target.value as Locale)}
        className="h-9 rounded-md border border-input bg-background px-2 text-foreground text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
