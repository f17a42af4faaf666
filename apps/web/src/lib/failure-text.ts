import { isApiError } from './api-client';

/**
 * What a failed request tells the user (PRODUCT §8): a dropped connection is the network's fault, so it
 * says 'check your network connection' (the API client's text in the UI language) instead of blaming the
 * list or the action; any other failure keeps the screen's own text.
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.kind === 'network' ? error.message : fallback;
}
