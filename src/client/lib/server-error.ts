/** A failed call in the reader's language (src/client/lib/server-error-text.ts), for the full app's screens. */
import { useTranslation } from 'react-i18next';
import { type ErrorTextLookup, serverErrorText } from './server-error-text';

/** `serverErrorText` for the screens of the full app (i18next). */
export function useServerError() {
  const { t, i18n } = useTranslation('errors');
  const lookup: ErrorTextLookup = (key) => (i18n.exists(key, { ns: 'errors' }) ? t(key) : undefined);
  return (error: unknown) => serverErrorText(error, lookup, i18n.language);
}
