/**
 * The first load of /auth: the sign-in screen alone, without the full app's router, TanStack Query,
 * i18next or Radix (at most 90 kB of compressed JavaScript; bench/benchmarks/auth-bundle.ts). A
 * signed-in visitor goes on to their home; after signing in, the destination loads the full app.
 */
import { type ReactNode, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LightToaster } from './components/light/toaster';
import { Spinner } from './components/light/ui';
import { UiLabelsProvider } from './components/ui/labels';
import { handOffToast } from './components/ui/use-toast';
import { fetchSessionUserOnSignIn } from './features/auth/auth-api';
import { AuthPage } from './features/auth/auth-page';
import { homePathFor } from './features/auth/home-path';
import { initialLocale, setDocumentLanguage } from './lib/page-locale';
import { loadTexts, useTexts } from './lib/texts';

/** What the controls say to screen readers ('Loading', 'Show password'), in the page's language. */
function SignInUiLabels({ children }: { children: ReactNode }) {
  const { t } = useTexts('common');
  const labels = {
    close: t('ui.close'),
    closeNotification: t('ui.closeNotification'),
    loading: t('ui.loading'),
    showPassword: t('ui.showPassword'),
  };
  return <UiLabelsProvider value={labels}>{children}</UiLabelsProvider>;
}

/** Renders into `element`; the root is returned for the tests to unmount. */
export async function start(element: HTMLElement): Promise<Root> {
  const language = initialLocale();
  setDocumentLanguage(language);
  // A failed session check still shows the sign-in screen: signing in is the way forward.
  const session = fetchSessionUserOnSignIn().catch(() => null);
  await loadTexts(language, ['common', 'auth']);

  const root = createRoot(element);
  root.render(
    <SignInUiLabels>
      <main className="flex min-h-dvh">
        <div className="flex min-h-[50vh] flex-1 items-center justify-center text-primary">
          <Spinner className="size-8" />
        </div>
      </main>
    </SignInUiLabels>,
  );
  const user = await session;
  if (user) {
    location.replace(homePathFor(user.role));
    return root;
  }

  root.render(
    <StrictMode>
      <SignInUiLabels>
        <AuthPage
          search={location.search}
          onSignedIn={(user, notice) => {
            // The notice shows on the page the user lands on, which loads the full app.
            handOffToast(notice);
            location.replace(homePathFor(user.role));
          }}
        />
        <LightToaster />
      </SignInUiLabels>
    </StrictMode>,
  );
  return root;
}
