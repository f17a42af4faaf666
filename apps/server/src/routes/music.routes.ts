import {
  DownloadQuery,
  type EditSeconds,
  langFromAcceptLanguage,
  MusicIdBody,
  MusicIdQuery,
  MusicQueryRaw,
  responseSchema,
  SimilarQueryRaw,
} from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../plugins/auth';
import type { CatalogueService } from '../services/catalogue/catalogue.service';
import type { EditsService } from '../services/edits.service';
import type { LibraryService } from '../services/library.service';
import { clientKey, musicQueryFrom, ok, parseId } from './http';

const JSON_TYPE = 'application/json; charset=utf-8';

export const musicRoutes =
  (catalogue: CatalogueService, library: LibraryService, edits: EditsService): FastifyPluginAsyncZod =>
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

    // Paged like /musics, written by the same page writer (the cached JSON of each track).
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
      async (request, reply) => {
        const id = parseId(request.params.id);
        return reply.type(JSON_TYPE).send(await catalogue.similar(id, musicQueryFrom(request), request.viewer));
      },
    );

    app.get(
      '/musics/:id/edits',
      { schema: { response: responseSchema('GET /musics/:id/edits'), params: z.object({ id: z.string() }), tags: ['musics'] } },
      async (request) => {
        return ok(await edits.list(parseId(request.params.id), request.viewer));
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
        const edit = request.query.edit === undefined ? null : (Number(request.query.edit) as EditSeconds);
        return ok(
          await library.download(request.query.musicId, request.viewer, edit, langFromAcceptLanguage(request.headers['accept-language'])),
        );
      },
    );
  };
