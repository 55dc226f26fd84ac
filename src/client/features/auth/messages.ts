/**
 * The sign-in screen's words for the shared Zod rules the browser checks (each rule's message has a key
 * of the `auth` catalogue) and for the server's refusals, which are translated by their error code
 * through the `errors` catalogue (src/client/lib/server-error-text.ts).
 */
import {
  CODE_MESSAGE,
  EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from '../../../shared/auth-rules.js';
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { serverErrorText } from '../../lib/server-error-text';
import { loadedText, loadTexts, useTexts } from '../../lib/texts';

export const VALIDATION_KEYS: Readonly<Record<string, string>> = {
  [EMAIL_MESSAGE]: 'validation.email',
  [PASSWORD_MESSAGE]: 'validation.passwordMin',
  [PASSWORD_TOO_LONG_MESSAGE]: 'validation.passwordMax',
  [PASSWORD_REQUIRED_MESSAGE]: 'validation.passwordRequired',
  [CODE_MESSAGE]: 'validation.code',
  [PASSWORDS_MISMATCH_MESSAGE]: 'validation.mismatch',
};

const LIMITS = { min: MIN_PASSWORD_LENGTH, max: PASSWORD_MAX_LENGTH, length: VERIFICATION_CODE_LENGTH };

export function useAuthMessages() {
  const { t, locale } = useTexts('auth');

  /** A field's validation message in the page's language. */
  const field = (message: string | undefined) => {
    if (!message) return undefined;
    const key = VALIDATION_KEYS[message];
    return key ? t(key, LIMITS) : message;
  };

  /** What the server said, in the page's language, or undefined when it said nothing we can show. */
  const server = (error: unknown) =>
    serverErrorText(error, (key) => loadedText('errors', key), locale) ??
    (isApiError(error, 429) ? loadedText('errors', 'codes.RATE_LIMITED') : undefined);

  /**
   * A destructive toast: the server's explanation when it gave one, else `fallback`. The errors
   * catalogue is not part of the sign-in screen's first load; it comes with the first failure.
   */
  const failed = (title: string, error: unknown, fallback?: string) => {
    const show = () => toast({ variant: 'destructive', title, description: server(error) ?? fallback });
    if (!isApiError(error)) return show();
    loadTexts(locale, ['errors']).then(show, show);
  };

  /** What the server said, in the page's language, once the errors catalogue is in; else `fallback`. */
  const explain = (error: unknown, fallback: string): Promise<string> =>
    loadTexts(locale, ['errors']).then(
      () => server(error) ?? fallback,
      () => fallback,
    );

  return { t, field, server, failed, explain };
}
