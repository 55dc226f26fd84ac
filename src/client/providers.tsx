import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
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
  useEffect(() => {
    if (!LoadedToaster) void toasterReady.then(() => setReady(true));
  }, []);
  return LoadedToaster ? <LoadedToaster /> : null;
}

/** Everything the screens rely on, shared by main.tsx and the component tests. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
