import { responseSchema } from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { CatalogueService } from '../services/catalogue/catalogue.service';
import type { HealthService } from '../services/health.service';
import { ok } from './http';

export const siteRoutes =
  (config: Readonly<Config>, catalogue: CatalogueService, health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Company details for the footer come from site configuration, not code (DECISIONS 20). */
    app.get('/site', { schema: { response: responseSchema('GET /site'), tags: ['site'] } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(config.site);
    });

    /** Liveness: the process answers. */
    app.get('/health', { schema: { response: responseSchema('GET /health'), tags: ['site'] } }, async () =>
      ok({ status: 'ok', tracks: catalogue.indexSize }),
    );

    /** Readiness: 200 when this instance can serve; 503 naming what is not reachable, or while it drains. */
    app.get('/ready', { schema: { response: responseSchema('GET /ready'), tags: ['site'] } }, async () =>
      ok({ ready: true, checks: await health.ready() }),
    );
  };
