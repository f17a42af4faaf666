/** Business constants and limits (PRODUCT §9, DECISIONS 2 and 10). Client and server both use these. */

export const PASSWORD_MIN_LENGTH = 6;
/** Longest password accepted: argon2 hashes anything, but an unbounded input is a cheap DoS. */
export const PASSWORD_MAX_LENGTH = 128;
export const MIN_DOWNLOAD_LEVEL = 5;
export const NEW_USER_LEVEL = 1;
export const MAX_LEVEL = 99;

/** Plans map to levels (DECISIONS 10). */
export const PLAN_LEVELS = { free: 1, premium: 5, family: 5 } as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_WINDOW = 5;

export const SEARCH_DEBOUNCE_MS = 300;
export const DUPLICATE_SEARCH_GUARD_MS = 350;
export const SCROLL_AFTER_PAGE_CHANGE_MS = 100;
export const LOOP_RESTART_MS = 50;
export const SEEK_STEP_SECONDS = 5;

export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const;

export const WAVEFORM_IMAGE = { width: 220, height: 25 } as const;
export const WAVEFORM_BAR = { width: 2, radius: 3, height: 40 } as const;
export const PLAYER_WAVEFORM = { cursorWidth: 1, sampleRate: 8000, maxCanvasWidth: 8000 } as const;

export const FILTER_BAR_THRESHOLD_PX = { withTitle: 50, withoutTitle: 115 } as const;

export const TRANSLATION_LOADER = { maxParallelReads: 10, retries: 5, retryDelayMs: 350 } as const;

/** Lengths of free text accepted by the API. */
export const TEXT_LIMITS = {
  email: 254,
  name: 50,
  phone: 30,
  team: 100,
  searchQuery: 200,
  playlistName: 100,
  playlistDescription: 1000,
  trackTitle: 200,
  trackArtist: 200,
  /**
   * A channel address, as typed and as kept (a link's path kept percent-encoded, so a few hundred Korean
   * characters may reach it): PostgreSQL's unique index on the kept address takes rows up to about 2,700 bytes.
   */
  channelAddress: 2048,
} as const;

export const BPM_RANGE = { min: 20, max: 300 } as const;

/**
 * A key's two modes. Here, apart from the zod schemas of api.ts (`KeyMode`): the search screen's filter chips
 * need the list, and importing it from api.ts brought zod into the library screen's scripts (17 KB gzip).
 */
export const KEY_MODES = ['major', 'minor'] as const;

/** The kinds of device a signed-in session is read as (from its browser's User-Agent at sign-in). */
export const DEVICE_PLATFORMS = ['desktop', 'mobile', 'tablet', 'tv'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
