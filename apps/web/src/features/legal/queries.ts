import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';

/** Company details shown in the Korean footer and the plan notice (DECISIONS 20: configuration, not code). */

export const siteKeys = {
  all: ['site'] as const,
};

export function useSiteQuery() {
  return useQuery({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => api.get('/site', { signal }),
    staleTime: STALE.site,
  });
}
