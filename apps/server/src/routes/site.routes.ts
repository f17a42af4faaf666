import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { CatalogueService } from '../services/catalogue.service';
import { ok } from './http';

export const siteRoutes =
  (config: Readonly<Config>, catalogue: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Company details for the footer come from site configuration, not code (DECISIONS 20). */
    app.get('/site', { schema: { tags: ['site'] } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(config.site);
    });

    app.get('/health', { schema: { tags: ['site'] } }, async () => ok({ status: 'ok', tracks: catalogue.indexSize }));

    if (config.metrics) {
      // For the benchmarks: how long the event loop was held up, and memory, since the last reset.
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      app.addHook('onClose', async () => loop.disable());
      app.get('/metrics', { schema: { hide: true } }, async () => {
        const mem = process.memoryUsage();
        return ok({
          eventLoopDelayMs: { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6, mean: loop.mean / 1e6 },
          rssMB: Math.round(mem.rss / 1048576),
          responseCache: catalogue.responseCacheStats,
          textCache: catalogue.textCacheStats(),
          heapUsedMB: Math.round(mem.heapUsed / 1048576),
          heapTotalMB: Math.round(mem.heapTotal / 1048576),
          externalMB: Math.round(mem.external / 1048576),
          // CPU time of the process (all threads, GC included), for a cost per request that does not depend
          // on what else the machine runs.
          cpuMs: (() => {
            const c = process.cpuUsage();
            return (c.user + c.system) / 1000;
          })(),
        });
      });
      app.post('/metrics/reset', { schema: { hide: true } }, async () => {
        loop.reset();
        return ok({ reset: true });
      });
    }
  };
