import { DownloadQuery, MusicIdBody, MusicIdQuery, MusicQueryRaw, pageFrom, responseSchema, SimilarQueryRaw } from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../plugins/auth';
import type { CatalogueService } from '../services/catalogue/catalogue.service';
import type { LibraryService } from '../services/library.service';
import { clientKey, musicQueryFrom, ok, parseId } from './http';

const JSON_TYPE = 'application/json; charset=utf-8';

export const musicRoutes =
  (catalogue: CatalogueService, library: LibraryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/musics',
      { schema: { response: responseSchema('GET /musics'), querystring: MusicQueryRaw, tags: ['musics'] } },
      async (request, reply) => {
        const query = musicQueryFrom(request);
        // Pages are written as JSON by the service (joined from each track's cached JSON); signed out, the
        // answer depends on the query and the catalogue only, and is cached whole.
        const json =
          request.viewer === null && query.tempPlayListId === null
            ? await catalogue.publicSearch(query)
            : await catalogue.search(query, request.viewer);
        return reply.type(JSON_TYPE).send(json);
      },
    );

    app.get(
      '/musics/:id',
      { schema: { response: responseSchema('GET /musics/:id'), params: z.object({ id: z.string() }), tags: ['musics'] } },
      async (request) => {
        return ok(await catalogue.getMusic(parseId(request.params.id), request.viewer));
      },
    );

    // Contract first (issue 21): the answers' shapes, empty until similarity and edits land on this branch.
    app.get(
      '/musics/:id/similar',
      {
        schema: {
          response: responseSchema('GET /musics/:id/similar'),
          params: z.object({ id: z.string() }),
          querystring: SimilarQueryRaw,
          tags: ['musics'],
        },
      },
      async (request) => {
        parseId(request.params.id);
        const query = musicQueryFrom(request);
        return ok(pageFrom([], query.page, query.size, 0));
      },
    );

    app.get(
      '/musics/:id/edits',
      { schema: { response: responseSchema('GET /musics/:id/edits'), params: z.object({ id: z.string() }), tags: ['musics'] } },
      async (request) => {
        parseId(request.params.id);
        return ok([]);
      },
    );

    app.get(
      '/my/musics',
      { schema: { response: responseSchema('GET /my/musics'), querystring: MusicQueryRaw, tags: ['musics'] } },
      async (request, reply) => {
        const viewer = requireViewer(request);
        return reply.type(JSON_TYPE).send(await catalogue.myMusics(musicQueryFrom(request), viewer));
      },
    );

    app.post('/my/like', { schema: { response: responseSchema('POST /my/like'), body: MusicIdBody, tags: ['likes'] } }, async (request) => {
      return ok(await library.setLiked(requireViewer(request), request.body.musicId, true));
    });

    app.post(
      '/my/unlike',
      { schema: { response: responseSchema('POST /my/unlike'), body: MusicIdBody, tags: ['likes'] } },
      async (request) => {
        return ok(await library.setLiked(requireViewer(request), request.body.musicId, false));
      },
    );

    app.get(
      '/log/hit',
      { schema: { response: responseSchema('GET /log/hit'), querystring: MusicIdQuery, tags: ['musics'] } },
      async (request) => {
        return ok(await library.recordHit(request.query.musicId, request.viewer, clientKey(request)));
      },
    );

    app.get(
      '/download/download',
      { schema: { response: responseSchema('GET /download/download'), querystring: DownloadQuery, tags: ['downloads'] } },
      async (request) => {
        return ok(await library.download(request.query.musicId, request.viewer));
      },
    );
  };
