import {
  errorMessage,
  fillMessage,
  INVALID_ID_ISSUE,
  langFromAcceptLanguage,
  TOO_LONG_ISSUE,
  tooLongDetails,
  type ErrorCode,
  type LimitedField,
} from '@sori/contract';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { redactUrl } from '../lib/access-log';
import { AppError } from '../lib/app-error';
import { isMediaError, MEDIA_ERROR_MESSAGES } from '../media';
import { isMalformedMultipart } from './multipart-errors';

/** Maps framework 4xx errors (bad JSON, too large, wrong content type) to our codes. */
function codeForClientError(err: FastifyError): ErrorCode {
  const status = err.statusCode ?? 400;
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'NOT_FOUND';
  if (err instanceof SyntaxError || /JSON/iu.test(err.code ?? '') || /JSON/u.test(err.message)) return 'MALFORMED_JSON';
  return 'VALIDATION_FAILED';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, details?: unknown) {
  const lang = langFromAcceptLanguage(request.headers['accept-language']);
  const body: { message: string; code: string; details?: unknown } = {
    message: fillMessage(errorMessage(code, lang, details), details, lang),
    code,
  };
  if (details !== undefined) body.details = details;
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * The errors the router answers before any route or hook runs (Fastify's `frameworkErrors`): a path that is
 * not valid percent-encoding, and a path parameter past `maxParamLength`. Answered like every other error,
 * in the caller's language, without echoing the path back.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(request, reply, 414, 'URL_TOO_LONG');
  if (err.code === 'FST_ERR_BAD_URL') return sendError(request, reply, 400, 'MALFORMED_URL');
  return sendError(request, reply, err.statusCode && err.statusCode < 500 ? err.statusCode : 400, 'VALIDATION_FAILED');
}

/**
 * What Node's HTTP parser cannot read never reaches Fastify (Fastify's `clientErrorHandler`): headers past the
 * size limit (431), headers that never finish (408), a malformed request (400). Answered as `{message, code}`
 * like every other error, in the language of the Accept-Language header when the part read holds one, and
 * the connection closed, as Node itself would.
 */
export function answerClientError(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE']
        : [400, 'MALFORMED_REQUEST'];
  // The part of the request read, a Buffer at run time (typed as its JSON form).
  const raw: unknown = err.rawPacket;
  const read = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const header = /\r\naccept-language:[ \t]*([^\r\n]*)/iu.exec(read)?.[1];
  const body = JSON.stringify({ message: errorMessage(code, langFromAcceptLanguage(header)), code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** One error handler: logs context, answers `{message, code, details}` in the caller's language. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(request, reply, err.status, err.code, err.details);
    }
    if (isMediaError(err)) {
      // A refused file is the uploader's to fix (4xx); a failure on our side is logged as one.
      if (err.status >= 500) request.log.error({ err, url: redactUrl(request.url) }, 'media processing failed');
      const lang = langFromAcceptLanguage(request.headers['accept-language']);
      return reply
        .status(err.status)
        .header('cache-control', 'no-store')
        .send({ message: MEDIA_ERROR_MESSAGES[err.code][lang], code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[]; code?: string } | undefined;
        return {
          field: (issue?.path ?? []).map(String).join('.') || v.instancePath.replace(/^\//u, '').replace(/\//gu, '.'),
          problem: issue?.code ?? 'invalid',
          invalidId: v.message === INVALID_ID_ISSUE,
        };
      });
      // Text past its field's limit is FIELD_TOO_LONG, naming the field and the limit.
      const tooLong = err.validation.find((v) => v.message?.startsWith(TOO_LONG_ISSUE));
      if (tooLong) {
        return sendError(
          request,
          reply,
          400,
          'FIELD_TOO_LONG',
          tooLongDetails(tooLong.message!.slice(TOO_LONG_ISSUE.length) as LimitedField),
        );
      }
      // An id that breaks the contract's id rule is INVALID_ID, whichever part of the request it came in.
      const code: ErrorCode = details.some((d) => d.invalidId) ? 'INVALID_ID' : 'VALIDATION_FAILED';
      return sendError(
        request,
        reply,
        400,
        code,
        details.map(({ field, problem }) => ({ field, problem })),
      );
    }
    if (isMalformedMultipart(err, request)) return sendError(request, reply, 400, 'MALFORMED_MULTIPART');
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, codeForClientError(err));
    }
    request.log.error({ err, url: redactUrl(request.url), method: request.method }, 'request failed');
    return sendError(request, reply, 500, 'INTERNAL');
  });
}
