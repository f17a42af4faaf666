import { ERROR_MESSAGES, type ErrorCode, type Lang } from '@sori/contract';
import { isApiError } from '../../lib/api-client';

/** A validation code from the contract in the UI language (the contract holds the spec's exact texts). */
export function validationMessage(code: ErrorCode, lang: Lang): string {
  return ERROR_MESSAGES[code][lang];
}

/**
 * What a failed sign-in or sign-up shows (PRODUCT §8): the server's message (already in the UI
 * language), else the failure text, else the generic error text.
 */
export function failureMessage(error: unknown, failedText: string, errorText: string): string {
  if (isApiError(error)) {
    if (error.kind === 'http' && error.message.startsWith('HTTP Error')) return failedText;
    return error.message || failedText;
  }
  return errorText;
}
