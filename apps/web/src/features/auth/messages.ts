import { ERROR_MESSAGES, fillMessage, type ErrorCode, type Lang } from '@sori/contract';
import { isApiError } from '../../lib/api-client';

/**
 * A validation code from the contract in the UI language (the contract holds the spec's exact texts), its
 * places filled from the error's details (FIELD_TOO_LONG names the field and its limit).
 */
export function validationMessage(code: ErrorCode, lang: Lang, details?: unknown): string {
  return fillMessage(ERROR_MESSAGES[code][lang], details, lang);
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
