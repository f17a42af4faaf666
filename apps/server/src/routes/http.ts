import {
  langFromAcceptLanguage,
  MEDIA_ROUTES,
  parseIdText,
  tooLongDetails,
  type Lang,
  parseMusicQuery,
  type MediaRoute,
  type MusicQuery,
  type RawQuery,
} from '@sori/contract';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error';
import type { RequestOrigin } from '../services/auth.service';

/** Every success body is `{ body: payload }` (DECISIONS 1). */
export const ok = <T>(payload: T) => ({ body: payload });

/** An id from a path segment by the contract's id rule (parseIdText), or 400 INVALID_ID. */
export function parseId(raw: string | undefined): number {
  const id = parseIdText(raw);
  if (id === null) throw badRequest('INVALID_ID');
  return id;
}

export function musicQueryFrom(request: FastifyRequest): MusicQuery {
  const parsed = parseMusicQuery((request.query ?? {}) as RawQuery);
  if (!parsed.ok) {
    throw new AppError(400, parsed.code, parsed.code === 'FIELD_TOO_LONG' ? tooLongDetails('q') : { field: parsed.field });
  }
  return parsed.value;
}

/** Identifies a signed-out client for play de-duplication without storing its address. */
export function clientKey(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.ip + '|' + (request.headers['user-agent'] ?? ''))
    .digest('base64url')
    .slice(0, 22);
}

/** A file route's answer for the API docs: the file itself (200, or 206 for a Range), never JSON made here. */
export function mediaResponse(route: MediaRoute) {
  const file = z.unknown().describe(MEDIA_ROUTES[route]);
  return { 200: file, 206: file.describe(`part of it: ${MEDIA_ROUTES[route]}`) };
}

/** The caller's language (Accept-Language; Korean first). */
export const requestLang = (request: FastifyRequest): Lang => langFromAcceptLanguage(request.headers['accept-language']);

/** The language the request names, or undefined when it names none (then the account's own is used). */
export const statedLang = (request: FastifyRequest): Lang | undefined =>
  request.headers['accept-language'] ? requestLang(request) : undefined;

/** Where the request came from: its address, its User-Agent and the language it names (`RequestOrigin`). */
export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  lang: statedLang(request),
});
