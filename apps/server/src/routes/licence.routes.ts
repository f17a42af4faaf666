import { responseSchema } from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChannelService } from '../services/account/channel.service';
import type { LicenceService } from '../services/licences/licence.service';
import { signedLicenceFile } from '../services/licences/signed-file';
import { mediaResponse, ok, requestLang } from './http';

const IdParam = z.object({ id: z.string().max(64) });

/** A licence's public JSON and its signed file (anyone), and its certificate (the licensee). */
export const licenceRoutes =
  (licences: LicenceService, channels: ChannelService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/licences/:id',
      { schema: { response: responseSchema('GET /licences/:id'), params: IdParam, tags: ['licences'] } },
      async (request) => {
        return ok(await licences.lookup(request.params.id, request.ip));
      },
    );

    app.get(
      '/licences/:id/licence.json',
      {
        schema: {
          response: mediaResponse('GET /licences/:id/licence.json'),
          params: IdParam,
          tags: ['licences'],
          summary: 'The signed licence as a file, to keep and to verify offline with the published key (counted with the lookups)',
        },
      },
      async (request, reply) => {
        const { name, bytes } = signedLicenceFile(await licences.lookup(request.params.id, request.ip));
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-cache')
          .send(bytes);
      },
    );

    app.get(
      '/licences/:id/channels',
      {
        schema: {
          response: responseSchema('GET /licences/:id/channels'),
          params: IdParam,
          tags: ['licences'],
          summary: "The licensee's channels cleared now (empty for a revoked licence or a withdrawn licensee)",
        },
      },
      async (request) => {
        return ok(await channels.clearedFor(await licences.activeLicensee(request.params.id, request.ip)));
      },
    );

    app.get(
      '/licences/:id/certificate.pdf',
      { schema: { response: mediaResponse('GET /licences/:id/certificate.pdf'), params: IdParam, tags: ['licences'] } },
      async (request, reply) => {
        const { id, pdf } = await licences.certificate(request.params.id, request.viewer, requestLang(request), (userId) =>
          channels.clearedFor(userId),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };

/**
 * The licence signing key, published where anyone (a reviewer, a script) finds it without trusting Sori's
 * pages: SPKI PEM and a JWK set.
 */
export const licenceKeyRoutes =
  (keys: { publicPem: string; jwk: object }): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = 'public, max-age=3600';
    app.get('/.well-known/sori-licence-key.pem', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/x-pem-file').header('cache-control', cache).send(keys.publicPem),
    );
    app.get('/.well-known/sori-licence-key.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/jwk+json').header('cache-control', cache).send(JSON.stringify(keys.jwk)),
    );
  };
