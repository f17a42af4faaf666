import type { ErrorCode } from '@sori/contract';
import { isApiError, type ApiError } from './api-client';

/** Refusals whose server message states a rule the user must know to act on (a cap and what to do). */
const RULE_CODES: ReadonlySet<string> = new Set<ErrorCode>(['PLAYLIST_LIMIT', 'PLAYLIST_FULL']);

/** Whether the error is a refusal under a rule (RULE_CODES), whose message the screen shows as it is. */
export function isRuleRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'http' && error.code !== null && RULE_CODES.has(error.code);
}

/**
 * What a failed request tells the user (PRODUCT §8): a dropped connection is the network's fault, so it
 * says 'check your network connection' (the API client's text in the UI language) instead of blaming the
 * list or the action; a refusal under a rule (a playlist cap) says the rule, in the server's message in the
 * caller's language; any other failure keeps the screen's own text.
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && (error.kind === 'network' || isRuleRefusal(error)) ? error.message : fallback;
}
