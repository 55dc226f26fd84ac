import { clsx } from 'clsx';
import { useId } from 'react';
import { LOCALES, type Locale } from '../../../shared/locales.js';

/** Each language named in itself, so a reader finds their own whatever the page's language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français' };

/**
 * The language choice of the public pages (sign-in, tracking): a labelled native select, light enough
 * for the sign-in page's first load. The caller says what a choice does.
 */
export function LanguageField({
  label,
  locale,
  onChange,
  className,
  disabled = false,
}: {
  label: string;
  locale: Locale;
  onChange: (locale: Locale) => void;
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={clsx('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => onChange(event.target.value as Locale)}
        disabled={disabled}
        className="h-9 rounded-md border border-input bg-background px-2 text-foreground text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
