/** Every page but the first load of /auth: the router, TanStack Query, i18next and the providers. */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { formatCount } from '../shared/format.js';
import { INTL_LOCALE, type Locale } from '../shared/locales.js';
import { isBackOfficePath } from '../shared/page-paths.js';
import { preloadScreensFor } from './app';
import { AppTree } from './app-tree';
import { showHandedOffToast } from './components/ui/use-toast';
import { authKeys } from './features/auth/session';
import { fetchSessionUser } from './features/auth/session-call';
import { drawnFirstScreen, seedFirstScreen } from './first-screen/seed';
import { changeLocale, i18n, initI18n } from './i18n';
import { errorCode } from './lib/api';
import { formatDate } from './lib/dates';
import { initialLocale, preloadScreenTexts, screenNamespaces, storedLocale } from './lib/page-locale';
import { createQueryClient } from './lib/query-client';
import { followTextsLocale } from './lib/texts';
import { cn } from './lib/utils';
import { yieldToBrowser } from './lib/yield-to-browser';

export async function start(element: HTMLElement): Promise<void> {
  // What the first screen needs is fetched side by side, not each after the one before: the session,
  // the screens of this address and their texts (the back office is English: the common texts only).
  const queryClient = createQueryClient({
    // Staff whose organisation now requires a second factor: the session says so once re-read, and the
    // guard shows the enrolment instead of a screen that cannot load.
    onError: (error) => {
      if (errorCode(error) === 'SECOND_FACTOR_REQUIRED') {
        void queryClient.invalidateQueries({ queryKey: authKeys.user });
      }
    },
  });
  // A first screen the server drew (decision 300) comes with the answers it was drawn from, in the
  // language it was drawn in: the app starts from both, so its first render is that markup.
  const drawn = drawnFirstScreen();
  if (drawn) seedFirstScreen(queryClient, drawn);
  if (drawn?.answers.session === undefined) {
    void queryClient.prefetchQuery({ queryKey: authKeys.user, queryFn: fetchSessionUser });
  }
  await yieldToBrowser();
  // Asking for files costs the page's main thread a few milliseconds each on a phone: the screens' and
  // the texts' requests go out in tasks of their own.
  const screensLoaded = preloadScreensFor(location.pathname);
  await yieldToBrowser();
  const language = drawn?.locale ?? initialLocale();
  if (!isBackOfficePath(location.pathname)) preloadScreenTexts(language);
  await yieldToBrowser();
  // Each of these is slow only the first time (the browser's locale data: 35 ms on a desktop, four times
  // that on a phone; the class merger's table): paid here, one per task while the texts are on their way,
  // none of it lands inside the take-over's tasks.
  await payFirstUses(language);
  await initI18n(language);
  await yieldToBrowser();
  // 'Signed in' from the sign-in screen, which left with a page load.
  showHandedOffToast();
  // The sign-in screen (on /auth after signing out) switches its light texts; the other screens follow.
  followTextsLocale((language) => void changeLocale(language));

  // The drawn page's buttons wait for this (index.css): from here on React takes their clicks, replaying
  // any on a part it has still to take over.
  const takenOver = () => element.removeAttribute('data-drawn');
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppTree queryClient={queryClient} i18n={i18n} onTakenOver={drawn ? takenOver : undefined} />
      </BrowserRouter>
    </StrictMode>
  );
  if (drawn) {
    // Everything the drawn screen renders, loaded first, so that taking it over is one pass with no part
    // left waiting for a chunk: the buttons are released (onTakenOver) only once all of it is React's.
    await Promise.all([
      screensLoaded,
      screenNamespaces(language).then((namespaces) => i18n.loadNamespaces(namespaces)),
    ]).catch(() => {
      // A chunk or texts that failed to load: the take-over meets the same failure and shows it.
    });
    await yieldToBrowser();
    // Taking the markup over keeps it on screen, and what React cannot take over yet (a chunk still on
    // its way) stays as drawn until it can. As a transition it yields to the browser every few
    // milliseconds, as the first render below does. A choice on this browser that the server could not
    // know (it draws in the account's language, else the browser's) applies once the page is React's,
    // for a guest and for a customer whose account has no language of its own.
    startTransition(() => {
      hydrateRoot(element, app);
    });
    const stored = storedLocale();
    const accountLocale = drawn.answers.session?.user?.locale;
    if (!accountLocale && stored && stored !== drawn.locale) void changeLocale(stored);
    return;
  }
  const root = createRoot(element);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // a slow phone's main thread for the whole tree; the static frame stays on screen meanwhile.
  startTransition(() => root.render(app));
}

/** The one-time costs of a page's first render, each in a task of its own. */
async function payFirstUses(language: Locale): Promise<void> {
  for (const firstUse of [
    () => formatCount(0, language),
    () => formatDate('2000-01-01', INTL_LOCALE[language]),
    () => cn('p-0', 'p-1'),
  ]) {
    firstUse();
    await yieldToBrowser();
  }
}
