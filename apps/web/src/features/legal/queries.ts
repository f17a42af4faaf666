import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { STALE } from '../../lib/query-client';

/** Company details shown in the Korean footer and the plan notice (DECISIONS 20: configuration, not code). */
export interface SiteInfo {
  companyName: string;
  representative: string;
  businessNumber: string;
  mailOrderNumber: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
  copyright: string;
}

export const siteKeys = {
  all: ['site'] as const,
};

export function useSiteQuery() {
  return useQuery({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => api.get<SiteInfo>('/site', undefined, signal),
    staleTime: STALE.site,
  });
}
