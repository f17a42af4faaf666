import { MusicQueryRaw, responseSchema } from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../lib/address-key';
import { requireViewer } from '../plugins/auth';
import type { ShareService } from '../services/share.service';
import { musicQueryFrom, ok, parseId } from './http';

const IdParam = z.object({ id: z.string() });
const TokenParam = z.object({ token: z.string().max(64) });
const JSON_TYPE = 'application/json; charset=utf-8';

/** Share links of playlists: the owner shares and ends a share; anyone with the link reads it. */
export const shareRoutes =
  (shares: ShareService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/playbox/:id/share',
      { schema: { response: responseSchema('GET /playbox/:id/share'), params: IdParam, tags: ['playlists'] } },
      async (request) => {
        return ok(await shares.state(requireViewer(request), parseId(request.params.id)));
      },
    );

    app.post(
      '/playbox/:id/share',
      { schema: { response: responseSchema('POST /playbox/:id/share'), params: IdParam, tags: ['playlists'] } },
      async (request) => {
        return ok(await shares.share(requireViewer(request), parseId(request.params.id)));
      },
    );

    app.delete(
      '/playbox/:id/share',
      { schema: { response: responseSchema('DELETE /playbox/:id/share'), params: IdParam, tags: ['playlists'] } },
      async (request) => {
        return ok(await shares.revoke(requireViewer(request), parseId(request.params.id)));
      },
    );

    app.get(
      '/shared/playlists/:token',
      {
        schema: {
          response: responseSchema('GET /shared/playlists/:token'),
          params: TokenParam,
          querystring: MusicQueryRaw,
          tags: ['playlists'],
          summary: 'A shared playlist and a page of its published tracks, to anyone',
        },
      },
      async (request, reply) => {
        const json = await shares.open(request.params.token, musicQueryFrom(request), request.viewer, addressKey(request.ip));
        return reply.type(JSON_TYPE).send(json);
      },
    );
  };
