import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error';

/** A NUL, or a surrogate not in a pair: read with the u flag, a pair is one code point outside this range. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\ud800-\udfff]/u;

/**
 * The first place in a parsed request part (`body`, `query`, `params`) holding text that the two databases
 * cannot store alike, as a dotted field path, or null. That is a NUL, which PostgreSQL refuses in text (a 500
 * there) while SQLite keeps it, and a lone UTF-16 surrogate, which PostgreSQL stores as one U+FFFD and SQLite
 * as three. Neither can be typed, so such a request is refused rather than quietly changed. Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function unstorableTextAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const field = at ? `${at}.${k}` : k;
        if (UNSTORABLE.test(k)) return field;
        stack.push([child, field]);
      }
    }
  }
  return null;
}

/** Throws 400 INVALID_CHARACTERS naming the field when `value` holds such text. */
export function assertStorableText(value: unknown): void {
  const field = unstorableTextAt(value);
  if (field !== null) throw badRequest('INVALID_CHARACTERS', [{ field, problem: 'invalid_characters' }]);
}

/**
 * Refuses, before validation, any request to the API whose JSON body, query or path parameters hold such text:
 * 400 INVALID_CHARACTERS naming the field, in the caller's language, and nothing written. Multipart uploads
 * are read as they stream, after this hook; their route checks its text fields the same way.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) assertStorableText(part);
  });
}
