import { QueryClient } from '@tanstack/react-query';

/**
 * The query defaults: cached reads never go stale and never refetch on their own; live messages and
 * mutations invalidate what changed. Nothing retries, so an error shows at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
