import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/config';
import { apiJson } from './api';

export const configKeys = { public: ['config'] as const };

/** GET /api/config: the public configuration (maps key, company name, brand colour, external links). */
export function usePublicConfig() {
  return useQuery({
    queryKey: configKeys.public,
    queryFn: () => apiJson<PublicConfig>('GET', '/api/config'),
    staleTime: 60_000,
  });
}
