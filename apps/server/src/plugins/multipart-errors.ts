import type { FastifyError, FastifyRequest } from 'fastify';

/** Errors of @fastify/multipart that mean the form itself is broken (not too large, not ours). */
const MULTIPART_FORM_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PROTO_VIOLATION',
  'FST_MP_PREMATURE_CLOSE',
]);

/** What @fastify/busboy throws on a form it cannot read (no or empty boundary, cut-off data). */
const BUSBOY_FORM_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger))/u;

/**
 * A multipart body the server cannot read is the sender's to fix: 400 MALFORMED_MULTIPART rather than
 * the 500 the parser's plain Errors would otherwise become. Only for multipart requests, so nothing
 * else that happens to share a message is re-labelled.
 */
export function isMalformedMultipart(err: FastifyError, request: FastifyRequest): boolean {
  if (!/^multipart\//iu.test(request.headers['content-type'] ?? '')) return false;
  if (err.code && MULTIPART_FORM_CODES.has(err.code)) return true;
  return err.statusCode === undefined && BUSBOY_FORM_ERROR.test(err.message);
}
