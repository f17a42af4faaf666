import type {} from '@fastify/multipart';
import { langFromAcceptLanguage, responseSchema, TrackMetadataRequest } from '@sori/contract';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { writeToFile } from '../lib/files';
import { parseRange } from '../lib/http-range';
import { cleanText, MediaError, type MediaStorage } from '../media';
import { requireViewer } from '../plugins/auth';
import { assertStorableText } from '../plugins/text-input';
import { parseTrackMetadata, type MediaService } from '../services/media.service';
import { toUploadStatus } from '../services/music.mapper';
import type { MediaAccessService, MediaKind } from '../services/media-access.service';
import { mediaResponse, ok, parseId } from './http';
import { nextPart } from './upload-parts';
import { scratchPrefix } from '../services/upload-recovery';

export interface MediaRouteDeps {
  storage: MediaStorage;
  media: MediaService;
  mediaAccess: MediaAccessService;
  tmpDir: string;
  uploadMaxBytes: number;
}

const FileParam = z.object({ file: z.string() });
const IdParam = z.object({ id: z.string() });
const Signed = z.object({ v: z.string().optional(), exp: z.string().optional(), uid: z.string().optional(), sig: z.string().optional() });
/** The media of a short edit instead of the full track's (`edit=30`). */
const EditParam = z.enum(['15', '30', '60']).optional();
const SignedOrEdit = Signed.extend({ edit: EditParam });
/**
 * A download link: also the licence it was made under, whose file name the file is saved as, and the language
 * an edit's name is in (`30초 버전`) when the licence does not name it; neither is signed.
 */
const OriginalQuery = SignedOrEdit.extend({ lang: z.enum(['ko', 'en', 'ja']).optional(), licence: z.string().max(64).optional() });

/** Characters of an uploaded file's name kept (a file system's usual limit). */
const UPLOAD_NAME_MAX = 255;
const CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, max-age=3600' } as const;

/**
 * Streams one stored object with HTTP caching (ETag, Last-Modified, 304) and one byte range (206, 416).
 * Media is streamed from storage, never held whole in memory.
 */
async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  contentType: string,
  cacheControl: string,
  disposition?: string,
) {
  const info = await storage.stat(key);
  if (!info) throw notFound('NOT_FOUND');
  const etag = `"${info.size.toString(36)}-${info.mtime.getTime().toString(36)}"`;
  reply.headers({
    'accept-ranges': 'bytes',
    etag,
    'last-modified': info.mtime.toUTCString(),
    'content-type': contentType,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    ...(disposition ? { 'content-disposition': disposition } : {}),
  });
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? ({ kind: 'full' } as const) : parseRange(request.headers.range, info.size);
  if (range.kind === 'unsatisfiable') {
    throw new AppError(416, 'RANGE_NOT_SATISFIABLE', { size: info.size }, { 'content-range': `bytes */${info.size}` });
  }
  if (range.kind === 'partial') {
    reply.status(206).headers({
      'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
      'content-length': String(range.end - range.start + 1),
    });
    return reply.send(await storage.get(key, { start: range.start, end: range.end }));
  }
  reply.header('content-length', String(info.size));
  return reply.send(await storage.get(key));
}

/** RFC 6266: an ASCII fallback and the exact UTF-8 name (Korean and Japanese file names survive). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/gu, '_').replace(/["\\]/gu, '_');
  // RFC 5987 attr-char leaves out ' ( ) * which encodeURIComponent keeps.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const mediaRoutes =
  (deps: MediaRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { storage, media, mediaAccess } = deps;

    /** A track's stored media, if the caller may fetch it (MediaAccessService says who may). */
    async function sendMedia(
      request: FastifyRequest,
      reply: FastifyReply,
      signed: z.infer<typeof Signed>,
      id: number,
      kind: MediaKind,
      type: string,
    ) {
      const { key, access } = await mediaAccess.object(id, kind, request.viewer?.id ?? null, signed);
      return sendObject(request, reply, storage, key, type, CACHE[access]);
    }

    const asset =
      (pattern: RegExp, kindOf: (m: RegExpExecArray) => MediaKind, type: string, editPart?: 'wave' | 'peaks') =>
      async (request: FastifyRequest<{ Params: { file: string }; Querystring: z.infer<typeof Signed> }>, reply: FastifyReply) => {
        const m = pattern.exec(request.params.file);
        if (!m) throw notFound('NOT_FOUND');
        // `wave_12-30.png`, `12-30.json`: a short edit's own waveform and peaks.
        const edit = editPart ? m.groups?.['edit'] : undefined;
        if (edit && editPart) {
          const { key, access } = await mediaAccess.edit(parseId(m[1]), Number(edit), editPart, request.viewer?.id ?? null, request.query);
          return sendObject(request, reply, storage, key, type, CACHE[access]);
        }
        return sendMedia(request, reply, request.query, parseId(m[1]), kindOf(m), type);
      };

    app.get(
      '/media/wave/:file',
      { schema: { response: mediaResponse('GET /media/wave/:file'), params: FileParam, querystring: Signed, hide: true } },
      asset(/^wave_(\d{1,15})(?:-(?<edit>15|30|60))?\.png$/u, () => 'wave', 'image/png', 'wave'),
    );
    app.get(
      '/media/peaks/:file',
      { schema: { response: mediaResponse('GET /media/peaks/:file'), params: FileParam, querystring: Signed, hide: true } },
      asset(/^(\d{1,15})(?:-(?<edit>15|30|60))?\.json$/u, () => 'peaks', 'application/json', 'peaks'),
    );
    app.get(
      '/media/cover/:file',
      { schema: { response: mediaResponse('GET /media/cover/:file'), params: FileParam, querystring: Signed, hide: true } },
      asset(/^(\d{1,15})(-64)?\.jpg$/u, (m) => (m[2] ? 'cover-thumb' : 'cover'), 'image/jpeg'),
    );

    app.get(
      '/musics/:id/stream',
      { schema: { response: mediaResponse('GET /musics/:id/stream'), params: IdParam, querystring: SignedOrEdit, tags: ['media'] } },
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (request.query.edit) {
          const { key, access } = await mediaAccess.edit(
            id,
            Number(request.query.edit),
            'audio',
            request.viewer?.id ?? null,
            request.query,
          );
          return sendObject(request, reply, storage, key, 'audio/mpeg', CACHE[access]);
        }
        return sendMedia(request, reply, request.query, id, 'preview', 'audio/mpeg');
      },
    );

    /** The licensed original, through the short-lived link that GET /download/download answered. */
    app.get(
      '/musics/:id/original',
      { schema: { response: mediaResponse('GET /musics/:id/original'), params: IdParam, querystring: OriginalQuery, tags: ['media'] } },
      async (request, reply) => {
        const edit = request.query.edit === undefined ? null : Number(request.query.edit);
        const file = await mediaAccess.original(parseId(request.params.id), request.query, edit, request.query.lang, request.query.licence);
        return sendObject(request, reply, storage, file.key, file.mime, 'private, no-store', contentDisposition(file.fileName));
      },
    );

    /**
     * Reads an upload's multipart body into a scratch folder (names on disk are ours; the uploaded name is
     * kept only as text) and hands the file, its cover and the typed metadata to `use`; the folder goes after.
     */
    async function withUpload<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      use: (audio: { path: string; originalName: string }, meta: ReturnType<typeof parseTrackMetadata>, coverPath?: string) => Promise<T>,
    ): Promise<T> {
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      await mkdir(deps.tmpDir, { recursive: true });
      const dir = await mkdtemp(path.join(deps.tmpDir, scratchPrefix('upload')));
      const release = media.holdScratch(dir);
      try {
        let audio: { path: string; originalName: string } | null = null;
        let coverPath: string | undefined;
        const fields: Record<string, unknown> = {};
        const partStream = request.parts({ limits: { fileSize: deps.uploadMaxBytes, files: 2, fields: 20, fieldSize: 4096 } });
        const parts = partStream[Symbol.asyncIterator]();
        for (;;) {
          const next = await nextPart(parts, request.raw);
          if (next === 'stalled') {
            // The parser skipped a part it cannot read and will not go on: answer with what was read, and
            // close the connection rather than read the rest of a body nobody parses.
            reply.header('connection', 'close');
            break;
          }
          if (next.done) break;
          const part = next.value;
          if (part.type === 'file') {
            const target = part.fieldname === 'cover' ? path.join(dir, 'cover') : path.join(dir, 'audio');
            if ((part.fieldname === 'cover' && coverPath) || (part.fieldname !== 'cover' && audio)) {
              part.file.resume();
              continue;
            }
            await writeToFile(part.file, target);
            if (part.file.truncated) throw new MediaError('MEDIA_TOO_LARGE', undefined, { limitBytes: deps.uploadMaxBytes });
            if (part.fieldname === 'cover') coverPath = target;
            // The name is only ever text (a title until the tags give one, the download's name): cleaned here.
            else audio = { path: target, originalName: cleanText(part.filename, UPLOAD_NAME_MAX) ?? 'audio' };
          } else {
            const value = typeof part.value === 'string' ? part.value : String(part.value);
            if (part.fieldname === 'moods') fields['moods'] = [...((fields['moods'] as string[] | undefined) ?? []), ...value.split(',')];
            else fields[part.fieldname] = value;
          }
        }
        if (!audio) throw badRequest('UPLOAD_NO_FILE', { field: 'file' });
        assertStorableText(fields);
        return await use(audio, parseTrackMetadata(fields), coverPath);
      } finally {
        release();
        await rm(dir, { recursive: true, force: true });
      }
    }

    /** An upload in one step: answered with the ready track once its ingest is done. */
    app.post(
      '/my/musics',
      { schema: { response: responseSchema('POST /my/musics'), tags: ['uploads'], consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const music = await withUpload(request, reply, (audio, meta, cover) => media.upload(viewer, audio, meta, cover));
        return reply.status(201).send(ok(music));
      },
    );

    /** An upload answered once stored (202): its ingest runs as a job, followed through GET /my/uploads. */
    app.post(
      '/my/uploads',
      { schema: { response: responseSchema('POST /my/uploads'), tags: ['uploads'], consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const row = await withUpload(request, reply, (audio, meta, cover) => media.enqueueUpload(viewer, audio, meta, cover));
        return reply.status(202).send(ok(toUploadStatus(row, langFromAcceptLanguage(request.headers['accept-language']))));
      },
    );

    /** The caller's uploads not (yet) in the library: queued, ingesting with progress, or failed with why. */
    app.get('/my/uploads', { schema: { response: responseSchema('GET /my/uploads'), tags: ['uploads'] } }, async (request) => {
      const rows = await media.unfinishedUploads(requireViewer(request));
      const lang = langFromAcceptLanguage(request.headers['accept-language']);
      return ok(rows.map((r) => toUploadStatus(r, lang)));
    });

    app.get('/my/quota', { schema: { response: responseSchema('GET /my/quota'), tags: ['uploads'] } }, async (request) => {
      return ok(await media.quotaOf(requireViewer(request)));
    });

    app.put(
      '/my/musics/:id',
      { schema: { response: responseSchema('PUT /my/musics/:id'), params: IdParam, body: TrackMetadataRequest, tags: ['uploads'] } },
      async (request) => {
        const viewer = requireViewer(request);
        return ok(await media.update(viewer, parseId(request.params.id), parseTrackMetadata(request.body)));
      },
    );

    app.delete(
      '/my/musics/:id',
      { schema: { response: responseSchema('DELETE /my/musics/:id'), params: IdParam, tags: ['uploads'] } },
      async (request) => {
        return ok(await media.remove(requireViewer(request), parseId(request.params.id)));
      },
    );
  };
