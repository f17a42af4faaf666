import type { ColumnType, Generated } from 'kysely';

/**
 * Table interfaces, used only in the Database type (never as query result types). Timestamps are ISO-8601
 * strings on both dialects (text in SQLite, timestamptz read back as ISO text on PostgreSQL); booleans are
 * 0/1 integers so both dialects agree.
 */

export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased, so uniqueness is case-insensitive. */
  email: string;
  password_hash: string;
  name: string;
  nick: string;
  phone: string;
  team: string | null;
  level: Generated<number>;
  /** Bumped when the password changes: tokens issued before stop working. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 'free' | 'premium' | 'family'; the level follows from it. */
  plan: Generated<string>;
  /** When a paid plan lapses to free (null: it does not). */
  plan_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'ko' | 'en' | 'ja': the language of the mail the account receives. */
  lang: Generated<string>;
  /** 1 when a sign-in from a new device is told by mail (the default), 0 when the member turned it off. */
  new_device_alerts: Generated<number>;
}

export interface ConsentsTable {
  user_id: number;
  /** 'terms' | 'privacy' | 'marketing' */
  kind: string;
  /** The document version agreed to. */
  version: string;
  agreed_at: string | null;
  withdrawn_at: string | null;
}

export interface ChannelsTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  external_id: string;
  url: string;
  created_at: string;
  /** When the clearance ends (a lapsed or smaller plan, after the grace period); null while it holds. */
  ends_at: string | null;
  /** When the member removed it, or it ended and was retired; null while the channel is the member's. */
  removed_at: string | null;
}

export interface TracksTable {
  id: Generated<number>;
  title: string;
  artist: string | null;
  genre: number | null;
  /** Mood codes, comma-separated ("1101,1302"). */
  moods: string;
  sound_key: string | null;
  bpm: number | null;
  speed: number | null;
  duration_sec: number | null;
  /** Uploader; null for catalogue tracks. */
  owner_id: number | null;
  published: number;
  /**
   * 'ready'; 'processing' (an operator's or the demo's ingest, in one step); an upload's job: 'queued',
   * 'ingesting', then 'ready' or 'failed'.
   */
  status: string;
  /** Storage keys of the media (null until ingested). */
  original_key: string | null;
  preview_key: string | null;
  peaks_key: string | null;
  wave_key: string | null;
  cover_key: string | null;
  cover_thumb_key: string | null;
  file_name: string | null;
  original_mime: string | null;
  original_size: number | null;
  /** Bytes this track takes in storage, all its files together (what upload quotas count). */
  stored_bytes: ColumnType<number, number | undefined, number>;
  /** "host:pid" of the process ingesting a 'processing' track (crash recovery). */
  ingest_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** An upload's ingest job: what it needs (JSON), its progress 0–100, why it failed (JSON code and details). */
  ingest_request: ColumnType<string | null, string | null | undefined, string | null>;
  ingest_progress: ColumnType<number | null, number | null | undefined, number | null>;
  ingest_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the pipeline measured, kept beside the values in force (which an uploader may override). */
  estimated_bpm: number | null;
  estimated_key: string | null;
  /** 'major' | 'minor' of the key in force (null when unknown), and as measured. */
  key_mode: string | null;
  estimated_key_mode: string | null;
  /** SHA-256 (hex) of the stored original, the file a licence names; null until first hashed. */
  original_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** How sure the analysers were of the measured tempo and key, 0..1 (null when nothing was measured). */
  bpm_confidence: number | null;
  key_confidence: number | null;
  play_count: Generated<number>;
  like_count: Generated<number>;
  download_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LikesTable {
  user_id: number;
  track_id: number;
  created_at: string;
}

export interface DownloadsTable {
  user_id: number;
  track_id: number;
  first_at: string;
  last_at: string;
  count: number;
}

export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlaylistTracksTable {
  playlist_id: number;
  track_id: number;
  added_at: string;
}

/** A playlist shared by link: the token itself is kept, so the owner gets the same link back while shared. */
export interface PlaylistSharesTable {
  playlist_id: number;
  /** 128 random bits, base64url (22 characters). */
  token: string;
  created_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Every change to a track, so that each server instance can bring its search index up to date. */
export interface TrackChangesTable {
  seq: Generated<number>;
  track_id: number;
  at: string;
}

/** A signed-in session (one device); access tokens carry its id as `sid`. */
export interface SessionsTable {
  /** Random, 128 bits, base64url. */
  id: string;
  user_id: number;
  created_at: string;
  /** Absolute end: refresh is refused after it, whatever the token's own expiry. */
  expires_at: string;
  revoked_at: string | null;
  /** Read from the User-Agent at sign-in (lib/device.ts); null when not recognised or from before. */
  browser: ColumnType<string | null, string | null | undefined, string | null>;
  os: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'desktop' | 'mobile' | 'tablet' | 'tv', or null. */
  platform: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a request last used the session, to within `SESSION_SEEN_EVERY_MS` (null: not since 2026-12-07). */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LicencesTable {
  /** `SORI-XXXX-XXXX-XXXX`, random (never a sequence). */
  id: string;
  /** The licensee's account; null once the account is withdrawn (the licence is kept, pseudonymised). */
  user_id: number | null;
  track_id: number;
  track_title: string;
  track_artist: string | null;
  file_name: string;
  file_sha256: string;
  licensee_name: string;
  licensee_email: string;
  plan_name: string;
  plan_level: number;
  terms_version: string;
  issued_at: string;
  /** 'active' | 'revoked' */
  status: ColumnType<string, string | undefined, string>;
  revoked_at: string | null;
  revocation_reason: string | null;
  /** The signing key's id (its JWK thumbprint). */
  kid: string;
  /** The public licence exactly as signed (JSON with its signature). */
  signed_json: string;
  /** The short edit licensed (15, 30 or 60 seconds); null for the full track. */
  edit_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A track's sound as "similar tracks" compares it (media/sound.ts). */
export interface SoundFeaturesTable {
  track_id: number;
  /** The extractor's version (SOUND_FEATURES_VERSION). */
  version: number;
  /** JSON array of numbers, in the order of SOUND_FEATURE_NAMES. */
  vector: string;
  computed_at: string;
}

/** One short edit of a track (15, 30 or 60 seconds). */
export interface TrackEditsTable {
  track_id: number;
  seconds: number;
  /** 'pending' | 'ready' | 'failed' */
  status: string;
  audio_key: string | null;
  wave_key: string | null;
  peaks_key: string | null;
  /** Measured length of the rendered file. */
  duration_sec: number | null;
  stored_bytes: ColumnType<number, number | undefined, number>;
  /** SHA-256 (hex) of the stored edit: the file a licence of it names. */
  sha256: string | null;
  /** JSON of the EditPlan it was cut by (media/edits.ts). */
  plan: string | null;
  /** "host:pid" of the process making it while pending. */
  claimed_by: string | null;
  updated_at: string;
}

export interface Database {
  licences: LicencesTable;
  users: UsersTable;
  tracks: TracksTable;
  likes: LikesTable;
  downloads: DownloadsTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  playlist_shares: PlaylistSharesTable;
  password_resets: PasswordResetsTable;
  track_changes: TrackChangesTable;
  sessions: SessionsTable;
  consents: ConsentsTable;
  channels: ChannelsTable;
  sound_features: SoundFeaturesTable;
  track_edits: TrackEditsTable;
}
