import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppRoutes } from './app';
import { Providers } from './providers';

/**
 * The app under its router: the same tree in the browser (src/client/full-app.tsx) and where the
 * server draws a first screen (src/client/first-screen/render.tsx), so that the browser can take the
 * server's markup over as it is. The texts come from `i18n`: the server draws each language with an
 * instance of its own.
 */
export function AppTree({
  queryClient,
  i18n,
  onTakenOver,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  /** Called once the browser has taken a drawn first screen over (never on the server). */
  onTakenOver?: () => void;
}) {
  useEffect(() => onTakenOver?.(), [onTakenOver]);
  return (
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={queryClient}>
        <AppRoutes />
      </Providers>
    </I18nextProvider>
  );
}
