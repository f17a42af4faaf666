import { z } from 'zod';
import { AccountLicence, Channel, ClearedChannel, Consent, DeviceSession, SigninAlerts } from './account';
import { AccountData } from './account-data';
import { PublicLicence } from './licence';
import { PlaylistShare, PlaylistShareState, SharedPlaylist } from './share';
import {
  DownloadTicket,
  Music,
  pageOf,
  Playlist,
  PlaylistTrackResult,
  SigninResult,
  SiteInfo,
  TrackEdit,
  UploadQuota,
  UploadStatus,
  User,
} from './api';

/**
 * Every JSON route of the API and what its success answer's `body` holds: the server declares each route's
 * response with it (`schema.response`, shown by `/api/docs`), and the web client takes its types from it by
 * the route's path (`lib/api-client.ts`), so a change here is a change to both, checked by the compiler.
 * A test checks that the server serves exactly these routes. Media (audio, images, peaks) are files, not JSON:
 * `MEDIA_ROUTES` lists them.
 */
export const API_ROUTES = {
  'POST /signup': { status: 201, body: /* @__PURE__ */ z.object({ user: User }) },
  'POST /signin': { status: 200, body: SigninResult },
  'POST /token/refresh': { status: 200, body: SigninResult },
  'POST /signout': { status: 204, body: null },
  'GET /my/user': { status: 200, body: User },
  'POST /findpw': { status: 202, body: /* @__PURE__ */ z.object({ accepted: z.literal(true) }) },
  /**
   * Whether a reset link can still be used (not used, not expired, its account still there), without using
   * it: the reset screen asks on opening, so a dead link says so before a new password is typed. Nothing of
   * the account is told.
   */
  'GET /resetpw': { status: 200, body: /* @__PURE__ */ z.object({ usable: z.boolean() }) },
  /** A reset signs the member in on the device that used the link. */
  'POST /resetpw': { status: 200, body: SigninResult },

  'PATCH /my/user': { status: 200, body: User },
  'POST /my/password': { status: 200, body: SigninResult },
  'POST /my/withdrawal': { status: 200, body: /* @__PURE__ */ z.object({ withdrawn: z.literal(true) }) },
  'GET /my/consents': { status: 200, body: /* @__PURE__ */ z.array(Consent) },
  'GET /my/data': { status: 200, body: AccountData },
  'PUT /my/consents/marketing': { status: 200, body: Consent },
  'GET /my/licences': { status: 200, body: /* @__PURE__ */ pageOf(AccountLicence) },
  'GET /my/channels': { status: 200, body: /* @__PURE__ */ z.array(Channel) },
  'POST /my/channels': { status: 201, body: Channel },
  'DELETE /my/channels/:id': { status: 200, body: /* @__PURE__ */ z.object({ id: z.number().int() }) },
  /** The member's signed-in devices (live sessions): this one first, then the most recently used. */
  'GET /my/sessions': { status: 200, body: /* @__PURE__ */ z.array(DeviceSession) },
  /** Signs one device out (its tokens stop working at once); 404 when no live session of the caller has that id. */
  'DELETE /my/sessions/:id': { status: 200, body: /* @__PURE__ */ z.object({ id: z.string() }) },
  /** Signs out every device but this one; answers how many were signed out. */
  'DELETE /my/sessions': { status: 200, body: /* @__PURE__ */ z.object({ ended: z.number().int() }) },

  /** Whether a sign-in from a new device is told by mail; `PUT` sets it and answers what is now kept. */
  'GET /my/alerts': { status: 200, body: SigninAlerts },
  'PUT /my/alerts': { status: 200, body: SigninAlerts },

  'GET /musics': { status: 200, body: /* @__PURE__ */ pageOf(Music) },
  'GET /musics/:id': { status: 200, body: Music },
  /** Published tracks that sound like this one (nearest first), paged like `GET /musics`; the track itself excluded. */
  'GET /musics/:id/similar': { status: 200, body: /* @__PURE__ */ pageOf(Music) },
  /** The track's 15, 30 and 60-second edits that its length allows; 'pending' ones are being made. */
  'GET /musics/:id/edits': { status: 200, body: /* @__PURE__ */ z.array(TrackEdit) },
  'GET /my/musics': { status: 200, body: /* @__PURE__ */ pageOf(Music) },
  'POST /my/like': { status: 200, body: /* @__PURE__ */ z.object({ musicId: z.number().int(), liked: z.boolean() }) },
  'POST /my/unlike': { status: 200, body: /* @__PURE__ */ z.object({ musicId: z.number().int(), liked: z.boolean() }) },
  'GET /log/hit': { status: 200, body: /* @__PURE__ */ z.object({ counted: z.boolean() }) },
  'GET /download/download': { status: 200, body: DownloadTicket },

  'POST /my/musics': { status: 201, body: Music },
  'POST /my/uploads': { status: 202, body: UploadStatus },
  'GET /my/uploads': { status: 200, body: /* @__PURE__ */ z.array(UploadStatus) },
  'GET /my/quota': { status: 200, body: UploadQuota },
  'PUT /my/musics/:id': { status: 200, body: Music },
  'DELETE /my/musics/:id': { status: 200, body: /* @__PURE__ */ z.object({ id: z.number().int() }) },

  'GET /playbox/list': { status: 200, body: /* @__PURE__ */ z.union([z.array(Playlist), pageOf(Playlist)]) },
  'POST /playbox/create': { status: 201, body: Playlist },
  'POST /playbox/add': { status: 201, body: Playlist },
  'POST /playbox/remove': { status: 200, body: /* @__PURE__ */ z.object({ id: z.number().int() }) },
  'GET /playbox/:id': { status: 200, body: Playlist },
  'PUT /playbox/:id': { status: 200, body: Playlist },
  'DELETE /playbox/:id': { status: 200, body: /* @__PURE__ */ z.object({ id: z.number().int() }) },
  /** The owner's share link of a playlist, or null when it is not shared. */
  'GET /playbox/:id/share': { status: 200, body: PlaylistShareState },
  /** Shares the playlist (the same link while it stays shared); owner only. */
  'POST /playbox/:id/share': { status: 200, body: PlaylistShare },
  /** Ends the share: the link answers 404 from then on; owner only. */
  'DELETE /playbox/:id/share': { status: 200, body: /* @__PURE__ */ z.object({ shared: z.literal(false) }) },
  /** A shared playlist and a page of its published tracks, to anyone (signed out too). */
  'GET /shared/playlists/:token': {
    status: 200,
    body: /* @__PURE__ */ z.object({ playlist: SharedPlaylist, tracks: pageOf(Music) }),
  },
  'POST /playlist/add': { status: 200, body: PlaylistTrackResult },
  'POST /playlist/remove': { status: 200, body: PlaylistTrackResult },

  'GET /licences/:id': { status: 200, body: PublicLicence },
  'GET /licences/:id/channels': { status: 200, body: /* @__PURE__ */ z.array(ClearedChannel) },

  'GET /site': { status: 200, body: SiteInfo },
  'GET /health': { status: 200, body: /* @__PURE__ */ z.object({ status: z.literal('ok'), tracks: z.number().int() }) },
  'GET /ready': {
    status: 200,
    body: /* @__PURE__ */ z.object({
      ready: z.literal(true),
      checks: z.object({
        database: z.literal('ok'),
        redis: z.string(),
        storage: z.literal('ok'),
        index: z.literal('ok'),
        jobs: z.string(),
      }),
    }),
  },
} as const;

/** The file routes: what each answers (with HTTP Range where it says so). */
export const MEDIA_ROUTES = {
  'GET /media/wave/:file': 'image/png',
  'GET /media/peaks/:file': 'application/json',
  'GET /media/cover/:file': 'image/jpeg',
  'GET /musics/:id/stream': 'audio/mpeg',
  'GET /musics/:id/original': 'the original file, as uploaded',
  'GET /licences/:id/certificate.pdf': 'application/pdf',
  'GET /licences/:id/licence.json': 'application/json: the signed licence as a file (SORI-….json), to keep and to verify offline',
} as const;

export type ApiRoute = keyof typeof API_ROUTES;
export type MediaRoute = keyof typeof MEDIA_ROUTES;
type Method<R extends string> = R extends `${infer M} ${string}` ? M : never;
type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : never;
export type HttpMethod = Method<ApiRoute>;
/** The paths served for a method: `ApiPath<'GET'>` is `'/musics' | '/musics/:id' | …`. */
export type ApiPath<M extends HttpMethod> = PathOf<Extract<ApiRoute, `${M} ${string}`>>;
/** What `body` holds in the answer of a route (`void` for 204). */
export type ApiResponse<M extends HttpMethod, P extends ApiPath<M>> = (typeof API_ROUTES)[`${M} ${P}` & ApiRoute]['body'] extends infer S
  ? S extends z.ZodType
    ? z.infer<S>
    : void
  : never;
/** The parameters a path names: `PathParams<'/playbox/:id'>` is `{ id: string | number }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The schema a route declares for its success answer: `{ body: … }`, or nothing for 204. */
export function responseSchema(route: ApiRoute): Record<number, z.ZodType> {
  const { status, body } = API_ROUTES[route];
  return body === null ? { [status]: z.null().describe('No content') } : { [status]: z.object({ body }) };
}
