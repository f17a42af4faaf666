import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Named stale times, so a screen's freshness is a decision and not a magic number. */
export const STALE = {
  /** Site configuration changes only when an operator edits it. */
  site: 60 * 60 * 1000,
  /** The user's own lists change only through this app, which invalidates them itself. */
  userLists: 60 * 1000,
  catalogue: 30 * 1000,
} as const;

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.kind === 'cancelled' || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: STALE.catalogue, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
