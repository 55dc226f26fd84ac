/**
 * A failed call in the reader's language, by its error code (docs/i18n.md): the `errors` catalogue
 * holds a text for every code the server declares (a test keeps them complete). A code the catalogue
 * does not know (a newer server) shows the server's English message to an English reader and nothing to
 * anyone else, so that the screen shows its own translated fallback rather than English in a
 * translated page.
 */
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from './api';

/** Reads `codes.<code>` of the errors catalogue; undefined when it has no such text. */
export type ErrorTextLookup = (key: string) => string | undefined;

export function serverErrorText(
  error: unknown,
  lookup: ErrorTextLookup,
  language: string,
): string | undefined {
  if (!isApiError(error)) return undefined;
  const known = error.code ? lookup(`codes.${error.code}`) : undefined;
  if (known) return known;
  return language === 'en' ? errorMessage(error) : undefined;
}

/** `serverErrorText` for the screens of the full app (i18next). */
export function useServerError() {
  const { t, i18n } = useTranslation('errors');
  const lookup: ErrorTextLookup = (key) => (i18n.exists(key, { ns: 'errors' }) ? t(key) : undefined);
  return (error: unknown) => serverErrorText(error, lookup, i18n.language);
}
