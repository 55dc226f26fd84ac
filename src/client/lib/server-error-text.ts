/**
 * A failed call in the reader's language, by its error code (docs/i18n.md): the `errors` catalogue
 * holds a text for every code the server declares (a test keeps them complete). A code the catalogue
 * does not know (a newer server) shows the server's English message to an English reader and nothing to
 * anyone else, so that the screen shows its own translated fallback rather than English in a
 * translated page. Apart from i18next (src/client/lib/server-error.ts), so that the sign-in screen,
 * which reads its catalogues without i18next, does not bring it into the first load of /auth.
 */
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
