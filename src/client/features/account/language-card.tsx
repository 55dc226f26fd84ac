/**
 * The portal's language: a labelled native select (each language named in itself). The choice switches
 * every screen at once and is stored on the account (PATCH /api/user/preferences), so the e-mails
 * follow it.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/locales.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { toastError, toastSuccess } from '../../lib/notify';
import { LANGUAGE_NAMES } from '../locale/language-field';
import { useLocale } from '../locale/use-locale';

export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const { locale, locales, setLocale } = useLocale();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const descriptionId = useId();

  async function choose(value: string) {
    if (!isLocale(value) || value === locale) return;
    setSaving(true);
    try {
      await setLocale(value);
      // Said in the language just chosen, whose texts may still be on their way (and this render's
      // t speaks the previous one).
      await i18n.loadNamespaces('settings');
      toastSuccess(t('language.saved', { lng: value }));
    } catch {
      toastError(t('error', { lng: value }), undefined, t('errorText', { lng: value }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription id={descriptionId}>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={id}>{t('language.label')}</Label>
        <select
          id={id}
          value={locale}
          disabled={saving}
          aria-describedby={descriptionId}
          onChange={(event) => void choose(event.target.value)}
          className="flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 sm:max-w-xs sm:text-sm"
        >
          {locales.map((option) => (
            <option key={option} value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}
