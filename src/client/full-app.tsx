/** Every page but the first load of /auth: the router, TanStack Query, i18next and the providers. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app';
import { showHandedOffToast } from './components/ui/use-toast';
import { changeLocale, initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import { followTextsLocale } from './lib/texts';
import { Providers } from './providers';

export async function start(element: HTMLElement): Promise<void> {
  // Rendering waits for the common texts of the visitor's language (one small chunk); a screen's own
  // texts load with it (useTranslation suspends until they are there).
  await initI18n();
  // 'Login successful' from the sign-in screen, which left with a page load.
  showHandedOffToast();
  // The sign-in screen (on /auth after signing out) switches its light texts; the other screens follow.
  followTextsLocale((language) => void changeLocale(language));

  createRoot(element).render(
    <StrictMode>
      <BrowserRouter>
        <Providers queryClient={createQueryClient()}>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );
}
