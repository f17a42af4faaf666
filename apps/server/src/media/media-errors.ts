import { MEDIA_ERROR_MESSAGES, type MediaErrorCode } from '@sori/contract';

export { MEDIA_ERROR_MESSAGES, type MediaErrorCode };

/**
 * The HTTP status an upload answers with. Bad input is the uploader's to fix (4xx); processing failures
 * and cancellations are ours (5xx) so clients may retry them.
 */
export const MEDIA_ERROR_STATUS: Readonly<Record<MediaErrorCode, number>> = {
  MEDIA_EMPTY: 400,
  MEDIA_TOO_LARGE: 413,
  MEDIA_UNSUPPORTED: 415,
  MEDIA_CORRUPT: 422,
  MEDIA_TOO_SHORT: 422,
  MEDIA_TOO_LONG: 422,
  MEDIA_SILENT: 422,
  MEDIA_COVER_INVALID: 422,
  MEDIA_PROCESSING_FAILED: 500,
  MEDIA_ABORTED: 503,
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  readonly status: number;
  /** Facts for logs and the API's `details` (detected format, limits); never file system paths. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: MediaErrorCode, message?: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message ?? MEDIA_ERROR_MESSAGES[code].en, options);
    this.name = 'MediaError';
    this.code = code;
    this.status = MEDIA_ERROR_STATUS[code];
    this.details = details;
  }
}

export const isMediaError = (e: unknown): e is MediaError => e instanceof MediaError;

/** Rejected input, as opposed to a failure on our side: the command skips and reports these. */
export const isRejection = (e: unknown): e is MediaError => isMediaError(e) && e.status < 500;
