import { z } from 'zod';
import { KEY_MODES, MAX_LEVEL } from './constants';
import { idText, idValue } from './ids';
import { PlanId, PlanInfo } from './account';
import { LIMITED_FIELDS, playlistDescriptionText, playlistNameText, TOO_LONG_ISSUE, type LimitedField } from './validation';

/**
 * The wire shapes of the API (PRODUCT §7; docs/DECISIONS.md, settled rules 1–13), as zod schemas with the
 * types inferred from them: requests are validated with them, and responses are declared with them on every
 * route (`routes.ts` maps each route to its answer), so `/api/docs` shows them and the web client's types
 * follow them. Every success body is `{ body: payload }`.
 */

/** A page of results; `number` is zero-based on the wire (docs/DECISIONS.md, settled rule 2). */
export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
  first: boolean;
  last: boolean;
}

/** Page `page` (zero-based) of `size` items out of `total`, holding `content`. */
export function pageFrom<T>(content: T[], page: number, size: number, total: number): Page<T> {
  const totalPages = Math.ceil(total / size);
  return { content, totalPages, totalElements: total, size, number: page, first: page === 0, last: page >= totalPages - 1 };
}

/** The schema of a page of `item`s. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
  });

export const KeyMode = /* @__PURE__ */ z.enum(KEY_MODES);
export type KeyMode = z.infer<typeof KeyMode>;

export const MusicSuggestion = /* @__PURE__ */ z.object({
  /** Measured tempo awaiting confirmation (the track's `bpm` is null meanwhile), else null. */
  bpm: z.number().nullable(),
  /** Measured key awaiting confirmation (the track's `soundkey` is null meanwhile), else null. */
  soundkey: z.string().nullable(),
  keyMode: KeyMode.nullable(),
});
export type MusicSuggestion = z.infer<typeof MusicSuggestion>;

/** A track as every list and screen shows it; fields in the order the server writes them. */
/** A licence a downloaded file is held under, as the downloads list carries it. */
export const HeldLicence = /* @__PURE__ */ z.object({
  licenceId: z.string(),
  licensedAt: z.string(),
  status: z.enum(['active', 'revoked']),
  /** The short edit it licenses (seconds); absent for the full track. */
  edit: z.number().int().optional(),
});
export type HeldLicence = z.infer<typeof HeldLicence>;

export const Music = /* @__PURE__ */ z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string().nullable(),
  /** Cover image URL, or null when the track has none (the UI shows its own placeholder). */
  cover: z.string().nullable(),
  /** "m:ss", or null when unknown (the table shows '-'). */
  duration: z.string().nullable(),
  /** Seconds. */
  playTime: z.number().nullable(),
  soundkey: z.string().nullable(),
  /** Mode of the key: 'A' with 'minor' is A minor. Null when the key or its mode is unknown. */
  keyMode: KeyMode.nullable(),
  bpm: z.number().nullable(),
  genre: z.number().int().nullable(),
  moods: z.array(z.number().int()),
  speed: z.number().int().nullable(),
  /** Same-origin stream URL of the preview. */
  filePath: z.string().nullable(),
  /** Absolute (CDN) URL of the preview when configured, else null. */
  fileUrl: z.string().nullable(),
  /** The file name a licensed download is saved as: `Artist - Title.ext` (`Title.ext` without an artist), safe on every OS. */
  fileName: z.string().nullable(),
  liked: z.boolean(),
  /** wave_{id}.png, 220×25. */
  waveUrl: z.string().nullable(),
  /** Precomputed peaks (JSON) for the player's waveform. */
  peaksUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Only on the owner's own uploads. */
  published: z.boolean().optional(),
  /**
   * Only on the owner's own uploads: what the analysis measured but did not publish because it was not sure
   * enough (below the confidence threshold), offered for the uploader to confirm. Absent when nothing waits.
   */
  suggested: MusicSuggestion.optional(),
  /** Only in the caller's downloads list (`tempPlayListId=-1`): the licence the download is under. */
  licenceId: z.string().optional(),
  /** Only in the caller's downloads list: when that licence was issued. */
  licensedAt: z.string().optional(),
  /**
   * Only in the caller's downloads list: whether that licence stands. A track whose only licence was revoked
   * still shows it, marked revoked; downloading it again issues a new one, which is shown instead.
   */
  licenceStatus: z.enum(['active', 'revoked']).optional(),
  /** Only in the caller's downloads list: the short edit that licence is for (seconds), when it is one. */
  licenceEdit: z.number().int().optional(),
  /**
   * Only in the caller's downloads list, and in `GET /musics/{id}` for a signed-in caller who holds one:
   * every file of the track downloaded, each with its licence (as above: the newest active one, else the
   * newest revoked one). The full track first, then the short edits, shortest first; in the downloads list
   * the first is the one the fields above name.
   */
  licences: z.array(HeldLicence).optional(),
});
export type Music = z.infer<typeof Music>;

export const User = /* @__PURE__ */ z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  nick: z.string(),
  phone: z.string(),
  team: z.string().nullable(),
  level: z.number().int(),
  /** The plan the level follows from (free 1, premium 5, family 5). */
  plan: PlanId,
  /** When a paid plan lapses to free; null when it does not. */
  planExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const SigninResult = /* @__PURE__ */ z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
  user: User,
});
export type SigninResult = z.infer<typeof SigninResult>;

export const Playlist = /* @__PURE__ */ z.object({
  id: z.number().int(),
  /** `name` and `title` carry the same value (docs/DECISIONS.md, settled rule 4). */
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  musicCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only with `GET /playbox/list?musicId=`: whether this playlist already holds that track. */
  hasMusic: z.boolean().optional(),
});
export type Playlist = z.infer<typeof Playlist>;

/** The answer of `POST /playlist/add` and `/playlist/remove`. */
export const PlaylistTrackResult = /* @__PURE__ */ z.object({
  playlistId: z.number().int(),
  musicId: z.number().int(),
  /** `/playlist/add`: false when the track was already there (not an error, not duplicated). */
  added: z.boolean().optional(),
  /** `/playlist/remove`: false when the track was not there. */
  removed: z.boolean().optional(),
  musicCount: z.number().int(),
});
export type PlaylistTrackResult = z.infer<typeof PlaylistTrackResult>;

export const DownloadTicket = /* @__PURE__ */ z.object({
  musicId: z.number().int(),
  /** A short-lived signed URL of the licensed original; the bearer token never goes in a URL. */
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  /**
   * The licence this download is made under: issued now, or the caller's active one for this file. Absent
   * for the owner's own unpublished upload, which Sori does not license.
   */
  licenceId: z.string().optional(),
  /** The short edit downloaded (15, 30 or 60 seconds); absent for the full track. */
  edit: z.number().int().optional(),
});
export type DownloadTicket = z.infer<typeof DownloadTicket>;

/** The lengths of a track's short edits, in seconds (a track gets those it is long enough for). */
export const EDIT_SECONDS = [15, 30, 60] as const;
export type EditSeconds = (typeof EDIT_SECONDS)[number];

/**
 * One short edit of a track (`GET /musics/{id}/edits`): cut on bars from the beat grid, opening and ending
 * kept. While it is being made its `status` is 'pending' and its URLs and `playTime` are null.
 */
export const TrackEdit = /* @__PURE__ */ z.object({
  seconds: z.union([z.literal(15), z.literal(30), z.literal(60)]),
  /** Measured length of the rendered edit, seconds (within ±0.5 s of `seconds`); null while pending. */
  playTime: z.number().nullable(),
  /** Same-origin stream URL of the edit (HTTP Range), formed like `Music.filePath`; null while pending. */
  filePath: z.string().nullable(),
  /** The edit's own 220×25 waveform PNG. */
  waveUrl: z.string().nullable(),
  /** The edit's own peaks (JSON) for the player. */
  peaksUrl: z.string().nullable(),
  status: z.enum(['ready', 'pending']),
});
export type TrackEdit = z.infer<typeof TrackEdit>;

/**
 * Whom the privacy policy names as responsible for personal data (개인정보 보호책임자, PIPA art. 31): the person
 * a member writes to about their data. Korean, like the policy.
 */
export const PrivacyOfficer = /* @__PURE__ */ z.object({
  name: z.string().min(1),
  /** Position or department, e.g. "개발 이사". */
  position: z.string().min(1),
  email: z.string().min(3),
  phone: z.string().min(1),
});
export type PrivacyOfficer = z.infer<typeof PrivacyOfficer>;

/** A company personal data is entrusted to (개인정보 처리 위탁, PIPA art. 26) and what it does with it. */
export const PrivacyProcessor = /* @__PURE__ */ z.object({ name: z.string().min(1), task: z.string().min(1) });
export type PrivacyProcessor = z.infer<typeof PrivacyProcessor>;

/** Company details for the footer and the privacy policy (site configuration, `config/site.json`). */
export const SiteInfo = /* @__PURE__ */ z.object({
  companyName: z.string(),
  /** The company's name in Latin letters, shown beside the Korean legal name to English and Japanese readers. */
  companyNameLatin: z.string().min(1).optional(),
  representative: z.string(),
  businessNumber: z.string(),
  mailOrderNumber: z.string(),
  address: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  copyright: z.string(),
  /** What each plan includes and costs (prices in won, a month). */
  plans: z.array(PlanInfo),
  currency: z.string(),
  /** Days a channel stays cleared after its plan lapses or shrinks. */
  clearanceGraceDays: z.number().int().min(0),
  /** Whether the server sends e-mail (password reset); without it the web app points to support. */
  mailEnabled: z.boolean(),
  privacyOfficer: PrivacyOfficer,
  /**
   * The companies this deployment entrusts personal data to (its mail service, its object storage, …); the
   * privacy policy lists them. An operator who adds one changes the policy and announces it as the policy says.
   */
  privacyProcessors: z.array(PrivacyProcessor),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

// ---- Requests ------------------------------------------------------------------------------------

/** Text up to a field's limit; past it, the issue names the field (answered as FIELD_TOO_LONG). */
const limitedText = (field: LimitedField) => z.string().max(LIMITED_FIELDS[field].max, { error: `${TOO_LONG_ISSUE}${field}` });

export const SigninRequest = /* @__PURE__ */ z.object({
  email: limitedText('email').optional(),
  password: z.string().max(1024).optional(),
});
export type SigninRequest = z.infer<typeof SigninRequest>;

/** Signup is checked with validateSignup (PRODUCT §5 order); the schema only bounds the shape. */
export const SignupRequest = /* @__PURE__ */ z.object({
  email: z.string().max(1024).optional(),
  password: z.string().max(1024).optional(),
  confirmPassword: z.string().max(1024).optional(),
  name: z.string().max(1024).optional(),
  phone: z.string().max(1024).optional(),
  team: z.string().max(1024).nullable().optional(),
  /** Consents (PIPA): the terms and the collection and use of personal data are required, marketing optional. */
  agreeTerms: z.boolean().optional(),
  agreePrivacy: z.boolean().optional(),
  agreeMarketing: z.boolean().optional(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const FindPasswordRequest = /* @__PURE__ */ z.object({ email: limitedText('email') });
/** A reset link's token, as the link carries it. */
const resetToken = /* @__PURE__ */ z.string().min(1).max(200);
export const ResetPasswordRequest = /* @__PURE__ */ z.object({
  token: resetToken,
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024).optional(),
});
/**
 * Whether a reset link can still be used, asked in the query (`GET /resetpw?token=…`): the access log redacts a
 * `token` parameter, where a token in the path would be written down.
 */
export const ResetTokenQuery = /* @__PURE__ */ z.object({ token: resetToken });

/** Ids follow the one rule of ids.ts: a JSON number or digit string in bodies, digits in queries and paths. */
export const MusicIdBody = /* @__PURE__ */ z.object({ musicId: idValue });
export const MusicIdQuery = /* @__PURE__ */ z.object({ musicId: idText });

/** `GET /download/download`: `edit` (15, 30 or 60) asks for that short edit instead of the original. */
export const DownloadQuery = /* @__PURE__ */ z.object({
  musicId: idText,
  // Marked too: the bundler keeps a call inside a pure call's arguments, and with it zod in the library's chunks.
  edit: /* @__PURE__ */ z.enum(['15', '30', '60']).optional(),
});
/** `GET /musics/{id}/similar`: paged like `GET /musics` (`page` zero-based, `size` up to 100). */
export const SimilarQueryRaw = /* @__PURE__ */ z.object({
  page: z.union([z.string(), z.array(z.string())]).optional(),
  size: z.union([z.string(), z.array(z.string())]).optional(),
});

/**
 * Text whose limit is counted on the text as it will be kept (`kept`: NFC first), not as sent: a name pasted in
 * decomposed Hangul is two or three characters a syllable as sent and one as kept. The request body's own limit
 * bounds what is normalised.
 */
const keptLimitedText = (field: LimitedField, kept: (text: string) => string) =>
  z
    .string()
    .refine((text) => kept(text).length <= LIMITED_FIELDS[field].max, { error: `${TOO_LONG_ISSUE}${field}` })
    .describe(`At most ${LIMITED_FIELDS[field].max} characters, counted in NFC, trimmed`);

export const PlaylistCreateRequest = /* @__PURE__ */ z.object({
  name: keptLimitedText('playlistName', playlistNameText),
  description: keptLimitedText('playlistDescription', playlistDescriptionText).nullable().optional(),
});
export const PlaylistUpdateRequest = PlaylistCreateRequest;
/** The `/playbox/add` family (DECISIONS 4) names it `title`. */
export const PlayboxAddRequest = /* @__PURE__ */ z.object({ title: keptLimitedText('playlistName', playlistNameText) });
export const PlayboxRemoveRequest = /* @__PURE__ */ z.object({ id: idValue });
export const PlaylistTrackRequest = /* @__PURE__ */ z.object({ musicId: idValue, playlistId: idValue });

/** Raw `GET /musics` query as it arrives: repeated keys come as arrays. Parsed by parseMusicQuery. */
export const MusicQueryRaw = /* @__PURE__ */ z.object({
  page: z.union([z.string(), z.array(z.string())]).optional(),
  size: z.union([z.string(), z.array(z.string())]).optional(),
  q: z.union([z.string(), z.array(z.string())]).optional(),
  bpmGte: z.union([z.string(), z.array(z.string())]).optional(),
  bpmLte: z.union([z.string(), z.array(z.string())]).optional(),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  sortOrder: z.union([z.string(), z.array(z.string())]).optional(),
  g: z.union([z.string(), z.array(z.string())]).optional(),
  soundKey: z.union([z.string(), z.array(z.string())]).optional(),
  keyMode: z.union([z.string(), z.array(z.string())]).optional(),
  speed: z.union([z.string(), z.array(z.string())]).optional(),
  moods: z.union([z.string(), z.array(z.string())]).optional(),
  tempPlayListId: z.union([z.string(), z.array(z.string())]).optional(),
});

export const LevelSchema = /* @__PURE__ */ z.number().int().min(1).max(MAX_LEVEL);

/** Corrections an uploader makes to their own track (PUT /my/musics/{id}); null restores the measured value. */
export const TrackMetadataRequest = /* @__PURE__ */ z.object({
  title: limitedText('title').optional(),
  artist: limitedText('artist').nullable().optional(),
  genre: z.number().int().nullable().optional(),
  moods: z.array(z.number().int()).max(10).nullable().optional(),
  soundKey: z.string().max(3).nullable().optional(),
  /** Mode of the key; with `soundKey: null` the measured mode comes back along with the measured key. */
  keyMode: KeyMode.nullable().optional(),
  bpm: z.number().nullable().optional(),
});
export type TrackMetadataRequest = z.infer<typeof TrackMetadataRequest>;

/** GET /my/quota: what the caller's uploads take against their quota (bytes stored: all files of a track). */
export const UploadQuota = /* @__PURE__ */ z.object({
  tracks: z.number().int(),
  tracksLimit: z.number().int(),
  bytes: z.number().int(),
  bytesLimit: z.number().int(),
});
export type UploadQuota = z.infer<typeof UploadQuota>;

/** Where an upload's ingest is: waiting for a worker, being ingested, in the library, or failed with why. */
export const UPLOAD_STATES = ['queued', 'ingesting', 'ready', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** An upload as its uploader follows it (POST /my/uploads answers one once the file is stored). */
export const UploadStatus = /* @__PURE__ */ z.object({
  /** The track's id (it is the uploader's own track from the start). */
  id: z.number().int(),
  title: z.string(),
  status: z.enum(UPLOAD_STATES),
  /** 0–100 while ingesting; null otherwise. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** Why it failed, in the caller's language; null unless failed. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type UploadStatus = z.infer<typeof UploadStatus>;

/** "340 MB", "2 GB": binary units with the usual short names, as file managers show them. */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${i === 0 ? v : v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[i]}`;
}
