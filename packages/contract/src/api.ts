import { z } from 'zod';
import { MAX_LEVEL, TEXT_LIMITS } from './constants';
import { idText, idValue } from './ids';

/**
 * The wire shapes of the API (spec section 7, DECISIONS 1–13). Requests are zod schemas the server
 * validates with; responses are the types both sides agree on. Every success body is `{ body: payload }`.
 */

export interface Envelope<T> {
  body: T;
}

/** A page of results; `number` is zero-based on the wire (DECISIONS 2). */
export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
  first: boolean;
  last: boolean;
}

export interface Music {
  id: number;
  title: string;
  artist: string | null;
  /** Cover image URL, or null when the track has none (the UI shows its own placeholder). */
  cover: string | null;
  /** "m:ss", or null when unknown (the table shows '-'). */
  duration: string | null;
  /** Seconds. */
  playTime: number | null;
  soundkey: string | null;
  /** Mode of the key: 'A' with 'minor' is A minor. Null when the key or its mode is unknown. */
  keyMode: KeyMode | null;
  bpm: number | null;
  genre: number | null;
  moods: number[];
  speed: number | null;
  /** Same-origin stream URL of the preview. */
  filePath: string | null;
  /** Absolute (CDN) URL of the preview when configured, else null. */
  fileUrl: string | null;
  /** The file name a licensed download is saved as: `Artist - Title.ext` (`Title.ext` without an artist), safe on every OS. */
  fileName: string | null;
  liked: boolean;
  /** wave_{id}.png, 220×25. */
  waveUrl: string | null;
  /** Precomputed peaks (JSON) for the player's waveform. */
  peaksUrl: string | null;
  /** Only on the owner's own uploads. */
  published?: boolean;
  /**
   * Only on the owner's own uploads: what the analysis measured but did not publish because it was not sure
   * enough (below the confidence threshold), offered for the uploader to confirm. Absent when nothing waits.
   */
  suggested?: MusicSuggestion;
  createdAt: string;
}

export type KeyMode = 'major' | 'minor';
export const KEY_MODES: readonly KeyMode[] = ['major', 'minor'];

export interface MusicSuggestion {
  /** Measured tempo awaiting confirmation (the track's `bpm` is null meanwhile), else null. */
  bpm: number | null;
  /** Measured key awaiting confirmation (the track's `soundkey` is null meanwhile), else null. */
  soundkey: string | null;
  keyMode: KeyMode | null;
}

export interface User {
  id: number;
  email: string;
  name: string;
  nick: string;
  phone: string;
  team: string | null;
  level: number;
  createdAt: string;
}

export interface SigninResult {
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
  user: User;
}

export interface Playlist {
  id: number;
  /** `name` and `title` carry the same value (DECISIONS 4). */
  name: string;
  title: string;
  description: string | null;
  musicCount: number;
  createdAt: string;
  updatedAt: string;
  /** Only with `GET /playbox/list?musicId=`: whether this playlist already holds that track. */
  hasMusic?: boolean;
}

/** The answer of `POST /playlist/add` and `/playlist/remove`. */
export interface PlaylistTrackResult {
  playlistId: number;
  musicId: number;
  /** `/playlist/add`: false when the track was already there (not an error, not duplicated; DECISIONS 4). */
  added?: boolean;
  /** `/playlist/remove`: false when the track was not there. */
  removed?: boolean;
  musicCount: number;
}

export interface DownloadTicket {
  musicId: number;
  /** A short-lived signed URL of the licensed original; the bearer token never goes in a URL. */
  url: string;
  fileName: string;
  expiresAt: string;
}

// ---- Requests ------------------------------------------------------------------------------------

const trimmedString = (max: number) => z.string().max(max);

export const SigninRequest = z.object({
  email: z.string().max(TEXT_LIMITS.email).optional(),
  password: z.string().max(1024).optional(),
});
export type SigninRequest = z.infer<typeof SigninRequest>;

/** Signup is checked with validateSignup (section 5 order); the schema only bounds the shape. */
export const SignupRequest = z.object({
  email: z.string().max(1024).optional(),
  password: z.string().max(1024).optional(),
  confirmPassword: z.string().max(1024).optional(),
  name: z.string().max(1024).optional(),
  phone: z.string().max(1024).optional(),
  team: z.string().max(1024).nullable().optional(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const FindPasswordRequest = z.object({ email: z.string().max(TEXT_LIMITS.email) });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024).optional(),
});

/** Ids follow the one rule of ids.ts: a JSON number or digit string in bodies, digits in queries and paths. */
export const MusicIdBody = z.object({ musicId: idValue });
export const MusicIdQuery = z.object({ musicId: idText });
export const IdParams = z.object({ id: idText });

export const PlaylistCreateRequest = z.object({
  name: trimmedString(TEXT_LIMITS.playlistName),
  description: trimmedString(TEXT_LIMITS.playlistDescription).nullable().optional(),
});
export const PlaylistUpdateRequest = PlaylistCreateRequest;
/** The `/playbox/add` family (DECISIONS 4) names it `title`. */
export const PlayboxAddRequest = z.object({ title: trimmedString(TEXT_LIMITS.playlistName) });
export const PlayboxRemoveRequest = z.object({ id: idValue });
export const PlaylistTrackRequest = z.object({ musicId: idValue, playlistId: idValue });

/** Raw `GET /musics` query as it arrives: repeated keys come as arrays. Parsed by parseMusicQuery. */
export const MusicQueryRaw = z.object({
  page: z.union([z.string(), z.array(z.string())]).optional(),
  size: z.union([z.string(), z.array(z.string())]).optional(),
  q: z.union([z.string(), z.array(z.string())]).optional(),
  bpmGte: z.union([z.string(), z.array(z.string())]).optional(),
  bpmLte: z.union([z.string(), z.array(z.string())]).optional(),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  sortOrder: z.union([z.string(), z.array(z.string())]).optional(),
  g: z.union([z.string(), z.array(z.string())]).optional(),
  soundKey: z.union([z.string(), z.array(z.string())]).optional(),
  speed: z.union([z.string(), z.array(z.string())]).optional(),
  moods: z.union([z.string(), z.array(z.string())]).optional(),
  tempPlayListId: z.union([z.string(), z.array(z.string())]).optional(),
});

export const LevelSchema = z.number().int().min(1).max(MAX_LEVEL);

/** Corrections an uploader makes to their own track (PUT /my/musics/{id}); null restores the measured value. */
export const TrackMetadataRequest = z.object({
  title: z.string().max(TEXT_LIMITS.trackTitle).optional(),
  artist: z.string().max(TEXT_LIMITS.trackArtist).nullable().optional(),
  genre: z.number().int().nullable().optional(),
  moods: z.array(z.number().int()).max(10).nullable().optional(),
  soundKey: z.string().max(3).nullable().optional(),
  /** Mode of the key; with `soundKey: null` the measured mode comes back along with the measured key. */
  keyMode: z.enum(['major', 'minor']).nullable().optional(),
  bpm: z.number().nullable().optional(),
});

/** GET /my/quota: what the caller's uploads take against their quota (bytes stored: all files of a track). */
export const UploadQuota = z.object({
  tracks: z.number().int(),
  tracksLimit: z.number().int(),
  bytes: z.number().int(),
  bytesLimit: z.number().int(),
});
export type UploadQuota = z.infer<typeof UploadQuota>;

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
