import { errorMessage, langFromAcceptLanguage } from '@sori/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpTimeouts } from '../config';

/** Routes whose body is an upload (multipart), given a budget that grows with their size. */
const UPLOAD_ROUTES = new Set(['POST /api/my/musics', 'PUT /api/my/musics/:id']);

/** The most a whole request may take to arrive on this server: the budget of the largest upload. */
export function maxRequestMs(t: HttpTimeouts, uploadMaxBytes: number): number {
  return t.bodyTimeoutMs + Math.ceil((uploadMaxBytes * 1000) / t.uploadMinBytesPerSecond);
}

/** Fastify's server options for the timeouts that Node's HTTP server enforces itself. */
export function serverTimeoutOptions(t: HttpTimeouts, uploadMaxBytes: number) {
  return {
    // Node's own backstop for a whole request; the per-request budget below is much tighter.
    requestTimeout: maxRequestMs(t, uploadMaxBytes),
    connectionTimeout: t.idleTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      // Node checks headers and request timeouts on this interval (30 s by default): check often enough
      // that a short limit means what it says.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(t.headersTimeoutMs / 4))),
    },
  };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The time a request's body may take to arrive: a floor, plus size ÷ minimum rate for uploads. */
export function bodyBudgetMs(request: FastifyRequest, t: HttpTimeouts, uploadMaxBytes: number): number {
  if (!UPLOAD_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return t.bodyTimeoutMs;
  const declared = Number(request.headers['content-length']);
  const bytes = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, uploadMaxBytes + 64 * 1024) : uploadMaxBytes;
  return t.bodyTimeoutMs + Math.ceil((bytes * 1000) / t.uploadMinBytesPerSecond);
}

/**
 * A body that has not arrived whole within its budget is answered 408 REQUEST_TIMEOUT (in the caller's
 * language) and its connection closed, so a client announcing more bytes than it sends cannot hold a
 * connection and a handler open. Time spent after the body has arrived (processing an upload) is not
 * counted.
 */
export function registerRequestTimeouts(app: FastifyInstance, t: HttpTimeouts, uploadMaxBytes: number) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (!hasBody(request) || raw.complete) return;
    const timer = setTimeout(
      () => {
        if (raw.complete) return;
        const socket = raw.socket;
        const res = reply.raw;
        if (res.headersSent) {
          socket.destroy();
          return;
        }
        const lang = langFromAcceptLanguage(request.headers['accept-language']);
        const body = JSON.stringify({ message: errorMessage('REQUEST_TIMEOUT', lang), code: 'REQUEST_TIMEOUT' });
        res.writeHead(408, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
          connection: 'close',
        });
        res.end(body, () => socket.destroy());
        request.log.info({ url: request.url, method: request.method }, 'request body timed out');
      },
      bodyBudgetMs(request, t, uploadMaxBytes),
    );
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', () => {
      done();
      // Processing a whole upload (ffmpeg) can outlast the idle limit while no byte moves: the body has
      // arrived, so the connection may wait for the answer (Node sets the keep-alive limit after it).
      // (An injected request's socket is a stand-in without setTimeout: nothing to lift there.)
      if (UPLOAD_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`) && typeof raw.socket?.setTimeout === 'function') {
        raw.socket.setTimeout(0);
      }
    });
    raw.once('close', done);
    reply.raw.once('close', done);
  });
}
