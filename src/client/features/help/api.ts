/** The help page's one call (public: GET /api/help), in the reader's language. */
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../shared/locales.js';
import { helpRoutes } from '../../../shared/routes/help.js';
import { callApi } from '../../lib/call-api';

export const helpKeys = {
  page: (locale: Locale) => ['help', locale] as const,
};

export function useHelp(locale: Locale) {
  return useQuery({
    queryKey: helpKeys.page(locale),
    queryFn: () => callApi(helpRoutes.page, { query: { locale } }),
  });
}
