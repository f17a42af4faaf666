import { isApiError } from '../../lib/api-client';

/** A failed call's message on the account page: the server's (already in the UI language) or a general one. */
export function failure(error: unknown, fallback: string): string {
  return isApiError(error) && error.kind === 'http' && error.message ? error.message : fallback;
}
