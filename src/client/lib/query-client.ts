import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * The query defaults: cached reads never go stale and never refetch on their own; live messages and
 * mutations invalidate what changed. Nothing retries, so an error shows at once. `onError` sees every
 * failed read and change (for answers that concern the whole app, whatever screen met them).
 */
export function createQueryClient(options: { onError?: (error: unknown) => void } = {}): QueryClient {
  const { onError } = options;
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
