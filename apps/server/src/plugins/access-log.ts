import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { AccessLog, purgeAccessLogs, redactText, redactUrl } from '../lib/access-log';

/**
 * Logger options that keep secrets out of every log line: the request serializer logs the URL with its
 * signatures and tokens redacted, error messages and stacks are redacted the same way, so is any string
 * logged, and an Authorization header is never written (docs/SECURITY.md "Access logs").
 */
export function safeLoggerOptions(base: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (base === false || base === undefined || base === true || typeof base !== 'object') return base;
  return {
    ...base,
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error & { code?: string; statusCode?: number }) => ({
        type: err.name,
        message: redactText(String(err.message)),
        stack: err.stack ? redactText(err.stack) : undefined,
        code: err.code,
        statusCode: err.statusCode,
      }),
      ...('serializers' in base ? base.serializers : {}),
    },
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.headers.authorization', 'url'],
      // A logged `url` keeps its path and harmless parameters; a header is replaced whole.
      censor: (value: unknown, at: string[]) => (at.at(-1) === 'url' && typeof value === 'string' ? redactUrl(value) : '[redacted]'),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>);
      },
    },
  } as FastifyServerOptions['logger'];
}

const DAY_MS = 86_400_000;

/**
 * Writes one JSON line per answered request to the day's access-log file, and applies the retention at
 * start and once a day.
 */
export async function registerAccessLog(app: FastifyInstance, opts: { dir: string; retentionDays: number }): Promise<void> {
  const log = new AccessLog(opts.dir, (err) => app.log.error({ err }, 'access log write failed'));
  const housekeeping = async () => {
    const deleted = await purgeAccessLogs(opts.dir, opts.retentionDays);
    if (deleted.length) app.log.info({ deleted: deleted.length }, 'access logs past retention deleted');
  };
  await housekeeping();
  const timer = setInterval(() => {
    housekeeping().catch((err: unknown) => app.log.warn({ err }, 'access log retention failed'));
  }, DAY_MS);
  timer.unref();

  app.addHook('onResponse', async (request, reply) => {
    const length = Number(reply.getHeader('content-length'));
    log.write({
      time: new Date().toISOString(),
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      bytes: Number.isFinite(length) ? length : null,
      ip: request.ip,
      userId: request.viewer?.id ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await log.close();
  });
}
