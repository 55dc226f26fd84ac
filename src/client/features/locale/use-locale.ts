import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../../shared/locales.js';
import { accountRoutes } from '../../../shared/routes/account.js';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { changeLocale } from '../../i18n';
import { callApi } from '../../lib/call-api';
import { authKeys, useSession } from '../auth/session';

/** PATCH /api/user/preferences: the signed-in user's stored language, used by the screens and e-mails. */
export function saveLocalePreference(locale: Locale) {
  return callApi(accountRoutes.updatePreferences, { body: { locale } });
}

/**
 * The active language and the one way to change it: the screens switch at once and the choice is kept
 * on this browser; for a signed-in user it is stored on the account too, so e-mails follow it.
 */
export function useLocale(): {
  locale: Locale;
  locales: readonly Locale[];
  setLocale: (locale: Locale) => Promise<void>;
} {
  // Re-renders the caller when the language changes. The language is the one its screen is drawn in
  // (the server draws first screens with an instance of its own: src/client/first-screen/render.tsx).
  const { i18n } = useTranslation();
  // Knowing who is signed in also applies their stored language on the public pages.
  useSession();
  const queryClient = useQueryClient();
  const setLocale = useCallback(
    async (locale: Locale) => {
      await changeLocale(locale, { remember: true });
      const user = queryClient.getQueryData<SessionUser | null>(authKeys.user);
      if (user && user.locale !== locale) {
        await saveLocalePreference(locale);
        queryClient.setQueryData<SessionUser | null>(authKeys.user, (current) =>
          current ? { ...current, locale } : current,
        );
      }
    },
    [queryClient],
  );
  const language = i18n.resolvedLanguage ?? i18n.language;
  return { locale: isLocale(language) ? language : DEFAULT_LOCALE, locales: LOCALES, setLocale };
}
