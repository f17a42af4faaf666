import { z } from 'zod';

/**
 * The one id rule of the API (docs/SECURITY.md "Ids"). Every id is a positive integer that fits the
 * database columns (PostgreSQL `integer`, int4), written as plain decimal digits without a sign, spaces,
 * leading zeros, a fraction or an exponent. In JSON bodies an id is a JSON number (a safe integer in range)
 * or the same digit string. Anything else is a 400 INVALID_ID before any query runs; an id in range that
 * does not exist is a 404.
 */
export const MAX_ID = 2_147_483_647;

/** Zod message the error handler recognises to answer INVALID_ID instead of VALIDATION_FAILED. */
export const INVALID_ID_ISSUE = 'INVALID_ID';

const ID_TEXT = /^[1-9][0-9]{0,9}$/u;

/** An id written as text (path segment, query value, file name part), or null. */
export function parseIdText(raw: unknown): number | null {
  if (typeof raw !== 'string' || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** An id from a JSON body: a number that is a positive integer in range, or a digit string; else null. */
export function parseIdValue(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  return parseIdText(raw);
}

/**
 * `tempPlayListId` of the list queries: 0 (likes), -1 (downloads) or a playlist id (DECISIONS 3).
 */
export function parseListIdText(raw: unknown): number | null {
  if (raw === '0') return 0;
  if (raw === '-1') return -1;
  return parseIdText(raw);
}

/** A JSON-body id (number or digit string), as a number; failures answer 400 INVALID_ID. */
export const idValue = /* @__PURE__ */ z.union([z.number(), z.string()], { error: INVALID_ID_ISSUE }).transform((v, ctx) => {
  const id = parseIdValue(v);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: INVALID_ID_ISSUE, input: v });
    return z.NEVER;
  }
  return id;
});

/** A query-string or path id (always text on the wire), as a number; failures answer 400 INVALID_ID. */
export const idText = /* @__PURE__ */ z.string({ error: INVALID_ID_ISSUE }).transform((v, ctx) => {
  const id = parseIdText(v);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: INVALID_ID_ISSUE, input: v });
    return z.NEVER;
  }
  return id;
});
