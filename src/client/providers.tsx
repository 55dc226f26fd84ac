import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isBackOfficePath } from '../shared/page-paths.js';
import { ENGLISH_UI_LABELS, type UiLabels, UiLabelsProvider } from './components/ui/labels';
import { useInBrowser } from './lib/in-browser';
import { ThemeProvider } from './lib/theme';

// The toasts' Radix code is its own chunk, fetched alongside the first screen rather than before it:
// a toast raised earlier waits in the store (use-toast.ts) and shows once it has arrived.
let LoadedToaster: ComponentType | null = null;
const toasterReady = import('./components/ui/toaster').then((module) => {
  LoadedToaster = module.Toaster;
});

/** Resolves once the toasts can show; the client tests wait for it so toasts render synchronously. */
export function preloadToaster(): Promise<void> {
  return toasterReady;
}

function DeferredToaster() {
  const [, setReady] = useState(LoadedToaster !== null);
  // Never part of a first screen the server drew: its chunk may have arrived there and not here.
  const inBrowser = useInBrowser();
  // Always waits, even when the chunk arrived between the render and this effect: a render without
  // the toaster would otherwise stay the last one (the toasts of a page's start never showed).
  useEffect(() => {
    void toasterReady.then(() => setReady(true));
  }, []);
  return inBrowser && LoadedToaster ? <LoadedToaster /> : null;
}

/**
 * What the shared building blocks say to screen readers: in the visitor's language on the customer
 * side, in English in the back office (which is English throughout).
 */
function useUiLabelsHere(): UiLabels {
  const { t, i18n } = useTranslation('common');
  const backOffice = isBackOfficePath(useLocation().pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language
  return useMemo(
    () =>
      backOffice
        ? ENGLISH_UI_LABELS
        : {
            close: t('ui.close'),
            closeNotification: t('ui.closeNotification'),
            loading: t('ui.loading'),
            showPassword: t('ui.showPassword'),
          },
    [backOffice, t, i18n.language],
  );
}

/** Everything the screens rely on, shared by full-app.tsx and the component tests. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const labels = useUiLabelsHere();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <UiLabelsProvider value={labels}>
          {children}
          <DeferredToaster />
        </UiLabelsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
