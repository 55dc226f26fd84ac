/**
 * The sign-in screen's words for what the shared Zod rules and the server answer in English: each known
 * message has a key of the `auth` catalogue (decision 165). An unknown server message shows as it is on
 * an English page and as the caller's translated fallback on any other.
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
import { errorMessage, isApiError } from '../../lib/api';
import { useTexts } from '../../lib/texts';

export const VALIDATION_KEYS: Readonly<Record<string, string>> = {
  [EMAIL_MESSAGE]: 'validation.email',
  [PASSWORD_MESSAGE]: 'validation.passwordMin',
  [PASSWORD_TOO_LONG_MESSAGE]: 'validation.passwordMax',
  [PASSWORD_REQUIRED_MESSAGE]: 'validation.passwordRequired',
  [CODE_MESSAGE]: 'validation.code',
  [PASSWORDS_MISMATCH_MESSAGE]: 'validation.mismatch',
};

/** The sign-in calls' error messages (src/server/features/auth and the rate limiter), word for word. */
export const SERVER_ERROR_KEYS: Readonly<Record<string, string>> = {
  'Invalid credentials': 'serverErrors.invalidCredentials',
  'Please sign in with your password first.': 'serverErrors.passwordFirst',
  'This account already has a password. Sign in, or use Forgot password to choose a new one.':
    'serverErrors.passwordAlreadySet',
  'No account exists with this email address': 'serverErrors.noAccount',
  'Invalid verification code': 'serverErrors.invalidCode',
  'This verification code has expired or was already used. Please request a new one.':
    'serverErrors.expiredCode',
  'Too many wrong codes were entered for this account. For its protection, codes are paused for a while: please try again later.':
    'serverErrors.codesPaused',
  'Too many verification codes requested. Please try again later.': 'serverErrors.tooManyCodes',
  'Too many requests. Please try again later.': 'serverErrors.tooManyRequests',
  'The account could not be saved. Please try again.': 'serverErrors.notSaved',
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
  const server = (error: unknown) => {
    const message = errorMessage(error);
    const key = message && SERVER_ERROR_KEYS[message];
    if (key) return t(key);
    if (locale === 'en') return message;
    return isApiError(error, 429) ? t('serverErrors.tooManyRequests') : undefined;
  };

  /** A destructive toast: the server's explanation when it gave one, else `fallback`. */
  const failed = (title: string, error: unknown, fallback?: string) =>
    toast({ variant: 'destructive', title, description: server(error) ?? fallback });

  return { t, field, server, failed };
}
