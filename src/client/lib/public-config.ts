import { useQuery } from '@tanstack/react-query';
import { systemRoutes } from '../../shared/routes/system';
import { callApi } from './call-api';

export const configKeys = { public: ['config'] as const };

/** GET /api/config: the public configuration (maps key, company name, brand colour, external links). */
export function usePublicConfig() {
  return useQuery({
    queryKey: configKeys.public,
    queryFn: () => callApi(systemRoutes.publicConfig),
    staleTime: 60_000,
  });
}
