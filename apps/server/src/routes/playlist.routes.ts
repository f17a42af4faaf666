import {
  PlayboxAddRequest,
  PlayboxRemoveRequest,
  PlaylistCreateRequest,
  PlaylistTrackRequest,
  PlaylistUpdateRequest,
  responseSchema,
} from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../lib/app-error';
import { requireViewer } from '../plugins/auth';
import type { PlaylistService } from '../services/playlist.service';
import { ok, parseId } from './http';

const IdParam = z.object({ id: z.string() });
const ListQuery = z.object({ page: z.string().optional(), size: z.string().optional(), musicId: z.string().optional() });

/** Both playlist families are served (DECISIONS 4); only the owner may see or change a playlist. */
export const playlistRoutes =
  (playlists: PlaylistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/playbox/list',
      { schema: { response: responseSchema('GET /playbox/list'), querystring: ListQuery, tags: ['playlists'] } },
      async (request) => {
        const viewer = requireViewer(request);
        const { page, size, musicId } = request.query;
        // ?musicId= marks each playlist with hasMusic: the choose-playlist modal shows where the track already is.
        if (page === undefined) return ok(await playlists.list(viewer, musicId === undefined ? undefined : parseId(musicId)));
        if (!/^\d{1,6}$/u.test(page) || (size !== undefined && !/^\d{1,3}$/u.test(size))) {
          throw badRequest('VALIDATION_FAILED', { field: 'page' });
        }
        return ok(await playlists.page(viewer, Number(page), size === undefined ? 20 : Number(size)));
      },
    );

    app.post(
      '/playbox/create',
      { schema: { response: responseSchema('POST /playbox/create'), body: PlaylistCreateRequest, tags: ['playlists'] } },
      async (request, reply) => {
        const p = await playlists.create(requireViewer(request), request.body.name, request.body.description);
        return reply.status(201).send(ok(p));
      },
    );

    app.post(
      '/playbox/add',
      { schema: { response: responseSchema('POST /playbox/add'), body: PlayboxAddRequest, tags: ['playlists'] } },
      async (request, reply) => {
        const p = await playlists.create(requireViewer(request), request.body.title, null);
        return reply.status(201).send(ok(p));
      },
    );

    app.post(
      '/playbox/remove',
      { schema: { response: responseSchema('POST /playbox/remove'), body: PlayboxRemoveRequest, tags: ['playlists'] } },
      async (request) => {
        return ok(await playlists.delete(requireViewer(request), request.body.id));
      },
    );

    app.get(
      '/playbox/:id',
      { schema: { response: responseSchema('GET /playbox/:id'), params: IdParam, tags: ['playlists'] } },
      async (request) => {
        return ok(await playlists.get(requireViewer(request), parseId(request.params.id)));
      },
    );

    app.put(
      '/playbox/:id',
      { schema: { response: responseSchema('PUT /playbox/:id'), params: IdParam, body: PlaylistUpdateRequest, tags: ['playlists'] } },
      async (request) => {
        const viewer = requireViewer(request);
        return ok(await playlists.update(viewer, parseId(request.params.id), request.body.name, request.body.description));
      },
    );

    app.delete(
      '/playbox/:id',
      { schema: { response: responseSchema('DELETE /playbox/:id'), params: IdParam, tags: ['playlists'] } },
      async (request) => {
        return ok(await playlists.delete(requireViewer(request), parseId(request.params.id)));
      },
    );

    app.post(
      '/playlist/add',
      { schema: { response: responseSchema('POST /playlist/add'), body: PlaylistTrackRequest, tags: ['playlists'] } },
      async (request) => {
        const viewer = requireViewer(request);
        return ok(await playlists.addTrack(viewer, request.body.playlistId, request.body.musicId));
      },
    );

    app.post(
      '/playlist/remove',
      { schema: { response: responseSchema('POST /playlist/remove'), body: PlaylistTrackRequest, tags: ['playlists'] } },
      async (request) => {
        const viewer = requireViewer(request);
        return ok(await playlists.removeTrack(viewer, request.body.playlistId, request.body.musicId));
      },
    );
  };
