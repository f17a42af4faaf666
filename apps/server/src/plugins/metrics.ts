import type { FastifyInstance } from 'fastify';
import { constants, createHistogram, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { ok } from '../routes/http';
import type { CatalogueService } from '../services/catalogue/catalogue.service';

/**
 * `/api/metrics` for the benchmarks (SORI_METRICS=1; off in production): how long the event loop was held
 * up, memory, CPU and the search caches, since the last `POST /api/metrics/reset`. Registered on the root,
 * so its hooks time every route.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** When the metrics plugin saw the request arrive (performance.now()), 0 when it is off. */
    soriStartedAt: number;
  }
}

export function registerMetrics(app: FastifyInstance, catalogue: CatalogueService): void {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // How long each request spent in the server (onRequest to onSend: its work, and the wait for its turn
  // when searches arrive together, services/catalogue/turns.ts), and every garbage-collection pause: with the loop delay
  // above, what held the loop up.
  const handling = createHistogram();
  let slowest = { ms: 0, url: '' };
  let gcMaxMs = 0;
  // The longest pause of each kind: scavenges of the young generation, and the rest (mark-compact, its
  // incremental steps and weak-callback processing), to tell which one to work on.
  let gcMaxScavengeMs = 0;
  let gcMaxOtherMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcMaxScavengeMs = Math.max(gcMaxScavengeMs, entry.duration);
      else gcMaxOtherMs = Math.max(gcMaxOtherMs, entry.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  // On the request itself (a WeakMap of every request in flight made the garbage collector's pauses longer).
  app.decorateRequest('soriStartedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.soriStartedAt = performance.now();
  });
  app.addHook('onSend', async (request) => {
    if (request.soriStartedAt === 0) return;
    const ms = performance.now() - request.soriStartedAt;
    handling.record(Math.max(1, Math.round(ms * 1000)));
    if (ms > slowest.ms) slowest = { ms, url: request.url };
  });
  app.addHook('onClose', async () => {
    loop.disable();
    gc.disconnect();
  });
  app.get('/api/metrics', { schema: { hide: true } }, async () => {
    const mem = process.memoryUsage();
    return ok({
      eventLoopDelayMs: { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6, mean: loop.mean / 1e6 },
      handlingMs: { max: handling.max / 1000, p99: handling.percentile(99) / 1000, slowestUrl: slowest.url },
      gcPauseMaxMs: gcMaxMs,
      gcPauseMaxByKindMs: { scavenge: gcMaxScavengeMs, other: gcMaxOtherMs },
      rssMB: Math.round(mem.rss / 1048576),
      // The most the process ever held (boot included): maxRSS is in KiB.
      rssPeakMB: Math.round(process.resourceUsage().maxRSS / 1024),
      responseCache: catalogue.responseCacheStats,
      textCache: catalogue.textCacheStats(),
      wireCache: catalogue.wireCacheStats(),
      heapUsedMB: Math.round(mem.heapUsed / 1048576),
      heapTotalMB: Math.round(mem.heapTotal / 1048576),
      externalMB: Math.round(mem.external / 1048576),
      // V8's heap by space (new, old, code, large objects…): which one grows when the heap does.
      heapSpacesMB: Object.fromEntries(
        getHeapSpaceStatistics().map((s) => [
          s.space_name.replace(/_space$/, ''),
          { used: Math.round(s.space_used_size / 104857.6) / 10, size: Math.round(s.space_size / 104857.6) / 10 },
        ]),
      ),
      // CPU time of the process (all threads, GC included), for a cost per request that does not depend
      // on what else the machine runs.
      cpuMs: (() => {
        const c = process.cpuUsage();
        return (c.user + c.system) / 1000;
      })(),
    });
  });
  app.post('/api/metrics/reset', { schema: { hide: true } }, async () => {
    loop.reset();
    handling.reset();
    slowest = { ms: 0, url: '' };
    gcMaxMs = 0;
    gcMaxScavengeMs = 0;
    gcMaxOtherMs = 0;
    return ok({ reset: true });
  });
}
