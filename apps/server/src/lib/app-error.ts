import type { ErrorCode } from '@sori/contract';

/** An error the API answers with its own status and code; the message is chosen per caller language. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, details?: unknown) => new AppError(400, code, details);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'FORBIDDEN') => new AppError(403, code);
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (code: ErrorCode, details?: unknown) => new AppError(409, code, details);
/** 429 once a limit is reached: when to try again, in the answer's details and in `Retry-After` (seconds). */
export const tooMany = (code: ErrorCode, resetMs: number) => {
  const retry = Math.ceil(resetMs / 1000);
  return new AppError(429, code, { retryAfterSeconds: retry }, { 'retry-after': String(retry) });
};
