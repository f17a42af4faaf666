import { z } from 'zod';
import type { Lang } from './codes';
import { DEVICE_PLATFORMS, PLAN_LEVELS, TEXT_LIMITS, type DevicePlatform } from './constants';
import { LICENCE_TERMS } from './licence';
import { TOO_LONG_ISSUE, tooLongDetails } from './validation';

/**
 * Accounts (docs/ACCOUNTS.md): the consents asked at sign-up, plans and what they include, and the channels a
 * member clears for their licences.
 */

// ---- Consents -------------------------------------------------------------------------------------

export const CONSENT_KINDS = ['terms', 'privacy', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The version of each document a consent is given to: the date its current text took effect. Changing a
 * document's text means a new version here (and, for a required one, asking again).
 */
export const CONSENT_VERSIONS: Record<ConsentKind, string> = {
  terms: LICENCE_TERMS.version,
  privacy: '2026-11-26',
  marketing: '2026-11-26',
};

/** Required consents: sign-up is refused without them. Marketing is optional and revocable at any time. */
export const REQUIRED_CONSENTS: readonly ConsentKind[] = ['terms', 'privacy'];

export const Consent = /* @__PURE__ */ z.object({
  kind: z.enum(CONSENT_KINDS),
  version: z.string(),
  agreed: z.boolean(),
  /** When the member last agreed; null when they never did. */
  agreedAt: z.string().nullable(),
  /** When the member withdrew it (marketing only); null while it stands. */
  withdrawnAt: z.string().nullable(),
});
export type Consent = z.infer<typeof Consent>;

export const MarketingConsentRequest = /* @__PURE__ */ z.object({ agreed: z.boolean() });

// ---- Plans ----------------------------------------------------------------------------------------

export const PLAN_IDS = ['free', 'premium', 'family'] as const;
export const PlanId = /* @__PURE__ */ z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanId>;

export const PLAN_LABELS: Record<PlanId, Record<Lang, string>> = {
  free: { ko: '무료', en: 'Free', ja: 'フリー' },
  premium: { ko: '프리미엄', en: 'Premium', ja: 'プレミアム' },
  family: { ko: '패밀리', en: 'Family', ja: 'ファミリー' },
};

/** The level a plan gives (PRODUCT §1): downloads need level 5. */
export function levelOfPlan(plan: PlanId): number {
  return PLAN_LEVELS[plan];
}

/**
 * Whether a level differs from the one its plan gives: an administrator set it (`user:level`, for a partner
 * or a staff account), and screens and certificates say so rather than "Free (level 5)".
 */
export function isGrantedLevel(plan: string, level: number): boolean {
  return (PLAN_IDS as readonly string[]).includes(plan) && PLAN_LEVELS[plan as PlanId] !== level;
}

/** What a plan includes and costs, from site configuration (`config/site.json`, `plans`). */
export const PlanInfo = /* @__PURE__ */ z.object({
  id: PlanId,
  /** Monthly price in `currency`'s main unit (won); 0 for free. */
  monthlyPrice: z.number().int().min(0),
  /** Licensed downloads of original files. */
  downloads: z.boolean(),
  /** Channels the plan clears for Content ID (safelisting). */
  channels: z.number().int().min(0),
  /** People who may use the plan. */
  seats: z.number().int().min(1),
});
export type PlanInfo = z.infer<typeof PlanInfo>;

// ---- Profile, password, withdrawal ----------------------------------------------------------------

export const UpdateProfileRequest = /* @__PURE__ */ z.object({
  nick: z.string().max(1024).optional(),
  name: z.string().max(1024).optional(),
  phone: z.string().max(1024).optional(),
  team: z.string().max(1024).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ChangePasswordRequest = /* @__PURE__ */ z.object({
  currentPassword: z.string().max(1024).optional(),
  password: z.string().max(1024).optional(),
  confirmPassword: z.string().max(1024).optional(),
});

export const WithdrawRequest = /* @__PURE__ */ z.object({ password: z.string().max(1024).optional() });

/** One of the member's licences, as the account page lists them. */
export const AccountLicence = /* @__PURE__ */ z.object({
  id: z.string(),
  trackId: z.number().int(),
  trackTitle: z.string(),
  trackArtist: z.string().nullable(),
  issuedAt: z.string(),
  status: z.enum(['active', 'revoked']),
  /** The short edit's length in seconds when the licence covers an edit rather than the whole track. */
  edit: z.number().int().optional(),
});
export type AccountLicence = z.infer<typeof AccountLicence>;

// ---- Channels (clearance) -------------------------------------------------------------------------

export const CHANNEL_PLATFORMS = ['youtube', 'tiktok', 'instagram', 'twitch', 'vimeo', 'chzzk', 'soop', 'web'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

export const CHANNEL_PLATFORM_LABELS: Record<ChannelPlatform, Record<Lang, string>> = {
  youtube: { ko: 'YouTube', en: 'YouTube', ja: 'YouTube' },
  tiktok: { ko: 'TikTok', en: 'TikTok', ja: 'TikTok' },
  instagram: { ko: 'Instagram', en: 'Instagram', ja: 'Instagram' },
  twitch: { ko: 'Twitch', en: 'Twitch', ja: 'Twitch' },
  vimeo: { ko: 'Vimeo', en: 'Vimeo', ja: 'Vimeo' },
  chzzk: { ko: '치지직', en: 'CHZZK', ja: 'CHZZK' },
  soop: { ko: 'SOOP(아프리카TV)', en: 'SOOP (AfreecaTV)', ja: 'SOOP（AfreecaTV）' },
  web: { ko: '웹사이트', en: 'Website', ja: 'ウェブサイト' },
};

export const Channel = /* @__PURE__ */ z.object({
  id: z.number().int(),
  platform: z.enum(CHANNEL_PLATFORMS),
  /** The channel's identity on its platform: a YouTube `UC…` id or `@handle`, an `@account`, or a URL. */
  externalId: z.string(),
  /** The link to the channel. */
  url: z.string(),
  clearedSince: z.string(),
  /** When a lapsed or smaller plan ends this clearance (after the grace period); null while it holds. */
  endsAt: z.string().nullable(),
});
export type Channel = z.infer<typeof Channel>;

/**
 * A signed-in session, as the account page lists it (one per device and browser signed in). `id` is a handle
 * for ending it, derived from the session's own id, which is never shown; `current` is the caller's own.
 * `browser`, `os` and `platform` are read from the User-Agent at sign-in; null when not recognised.
 */
export const DeviceSession = /* @__PURE__ */ z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  platform: z.enum(DEVICE_PLATFORMS).nullable(),
  signedInAt: z.string(),
  /** When a request last used it, to within ten minutes; null for a session from before it was recorded. */
  lastSeenAt: z.string().nullable(),
  /** Its absolute end: past it the device must sign in again. */
  expiresAt: z.string(),
});
export type DeviceSession = z.infer<typeof DeviceSession>;

/**
 * The account's sign-in alerts (`GET` and `PUT /api/my/alerts`): whether a sign-in from a device none of the
 * account's sessions came from is told by mail. On for every account until the member turns it off.
 */
export const SigninAlerts = /* @__PURE__ */ z.object({ newDevice: z.boolean() });
export type SigninAlerts = z.infer<typeof SigninAlerts>;

/** The kind of device in each language: the account page's device list and the new-device mail. */
export const DEVICE_PLATFORM_LABELS: Record<DevicePlatform, Record<Lang, string>> = {
  desktop: { ko: '컴퓨터', en: 'Computer', ja: 'パソコン' },
  mobile: { ko: '휴대폰', en: 'Phone', ja: 'スマートフォン' },
  tablet: { ko: '태블릿', en: 'Tablet', ja: 'タブレット' },
  tv: { ko: 'TV', en: 'TV', ja: 'テレビ' },
};

const UNKNOWN_BROWSER: Record<Lang, string> = { ko: '알 수 없는 브라우저', en: 'Unknown browser', ja: '不明なブラウザ' };

/** A device as the list and the mail name it: "Safari · iOS", or "Unknown browser" in the reader's language. */
export function deviceName(device: { browser: string | null; os: string | null }, lang: Lang): string {
  return [device.browser ?? UNKNOWN_BROWSER[lang], device.os].filter(Boolean).join(' · ');
}

/** A licensee's cleared channel, as the public verify page shows it. */
export const ClearedChannel = /* @__PURE__ */ Channel.pick({ platform: true, externalId: true, url: true, clearedSince: true });
export type ClearedChannel = z.infer<typeof ClearedChannel>;

export const ChannelRequest = /* @__PURE__ */ z.object({
  url: z
    .string()
    .max(TEXT_LIMITS.channelAddress, { error: `${TOO_LONG_ISSUE}channel` })
    .optional(),
});

/** The shortest and longest YouTube handle (after the @), as YouTube allows it; and an account name on the other platforms. */
export const YOUTUBE_HANDLE_MIN = 3;
export const YOUTUBE_HANDLE_MAX = 30;
export const CHANNEL_ACCOUNT_MAX = 64;

/** Why a channel address is refused: the error code, and for a length its details (the message is filled from them). */
export type ChannelProblem =
  | { code: 'INVALID_CHANNEL' | 'CHANNEL_VIDEO_LINK' }
  | { code: 'CHANNEL_NAME_TOO_LONG'; details: ChannelNameTooLong }
  | { code: 'CHANNEL_NAME_TOO_SHORT'; details: ChannelNameTooShort }
  | { code: 'FIELD_TOO_LONG'; details: ReturnType<typeof tooLongDetails> };

/** A handle or account name past its platform's limit: what it is called, the limit and its length (characters). */
export interface ChannelNameTooLong {
  platform: ChannelPlatform;
  label: Record<Lang, string>;
  max: number;
  length: number;
}

/** A handle shorter than its platform allows (a YouTube handle of one or two characters), said as such. */
export interface ChannelNameTooShort {
  platform: ChannelPlatform;
  label: Record<Lang, string>;
  min: number;
  length: number;
}

export interface NormalisedChannel {
  platform: ChannelPlatform;
  externalId: string;
  url: string;
}

/** A YouTube channel id: `UC` and 22 characters of base64url, 24 in all. */
const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/u;
/** A YouTube handle: 3–30 letters, digits, underscores, hyphens and dots (any script). */
const YOUTUBE_HANDLE = new RegExp(`^@[\\p{L}\\p{N}_.-]{${YOUTUBE_HANDLE_MIN},${YOUTUBE_HANDLE_MAX}}$`, 'u');
/** Text made only of the characters of a handle or account name, of any length. */
const NAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;

const HOSTS: Record<string, ChannelPlatform> = {
  'youtube.com': 'youtube',
  'm.youtube.com': 'youtube',
  'tiktok.com': 'tiktok',
  'instagram.com': 'instagram',
  'twitch.tv': 'twitch',
  'vimeo.com': 'vimeo',
  'chzzk.naver.com': 'chzzk',
  'ch.sooplive.co.kr': 'soop',
  'bj.afreecatv.com': 'soop',
};

const refused = (code: 'INVALID_CHANNEL' | 'CHANNEL_VIDEO_LINK'): ChannelProblem => ({ code });
const addressTooLong: ChannelProblem = { code: 'FIELD_TOO_LONG', details: tooLongDetails('channel') };

/** What a platform's names are called in a length message: "YouTube 핸들", "TikTok 계정 이름". */
function nameLabel(platform: ChannelPlatform): Record<Lang, string> {
  if (platform === 'youtube') return { ko: 'YouTube 핸들', en: 'YouTube handles', ja: 'YouTubeのハンドル' };
  const platformLabel = CHANNEL_PLATFORM_LABELS[platform];
  return { ko: `${platformLabel.ko} 계정 이름`, en: `${platformLabel.en} account names`, ja: `${platformLabel.ja}のアカウント名` };
}

/**
 * A name outside its limits that is otherwise a name (letters, digits, `_ . -`), said as such: "YouTube handles can
 * be at most 30 characters long" or "are at least 3 characters long", not "check the address". Null when it is
 * within the limits or not a name at all.
 */
function nameOutOfBounds(platform: ChannelPlatform, name: string, min: number, max: number): ChannelProblem | null {
  const length = [...name].length;
  if ((length >= min && length <= max) || !NAME_CHARACTERS.test(name)) return null;
  const label = nameLabel(platform);
  return length > max
    ? { code: 'CHANNEL_NAME_TOO_LONG', details: { platform, label, max, length } }
    : { code: 'CHANNEL_NAME_TOO_SHORT', details: { platform, label, min, length } };
}

/**
 * A channel as a member pastes it, normalised so that the same channel is always the same (platform,
 * externalId): a bare YouTube id (`UC…`) or handle (`@name`), or a link. YouTube is understood fully (a
 * channel link by id or by handle; a video link is refused with its own message); TikTok, Instagram, Twitch,
 * Vimeo, CHZZK and SOOP by their account path; any other https link is kept as the link itself. A handle or
 * account name outside its limits, and an address past `TEXT_LIMITS.channelAddress` (as typed or as kept), are
 * refused with messages naming the limit.
 */
export function normaliseChannel(raw: unknown): NormalisedChannel | ChannelProblem {
  if (typeof raw !== 'string') return refused('INVALID_CHANNEL');
  const text = raw.normalize('NFKC').trim();
  if (text.length > TEXT_LIMITS.channelAddress) return addressTooLong;
  if (!text || /\s/u.test(text)) return refused('INVALID_CHANNEL');
  if (YOUTUBE_CHANNEL_ID.test(text)) return youtubeById(text);
  if (YOUTUBE_HANDLE.test(text)) return youtubeByHandle(text);
  if (text.startsWith('@')) return youtubeHandleProblem(text.slice(1));

  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(text) ? text : `https://${text}`);
  } catch {
    return refused('INVALID_CHANNEL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname.includes('.')) {
    return refused('INVALID_CHANNEL');
  }
  const host = url.hostname.toLowerCase().replace(/^www\./u, '');
  const decoded = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  // A path that is not valid percent-encoding (%C3%28) names no page: kept, it would be encoded twice.
  if (decoded.some((s) => s === null)) return refused('INVALID_CHANNEL');
  const segments = decoded as string[];
  const platform = HOSTS[host];

  if (platform === 'youtube' || host === 'youtu.be') {
    if (host === 'youtu.be' || segments[0] === 'watch' || segments[0] === 'shorts' || segments[0] === 'live' || segments[0] === 'embed') {
      return refused('CHANNEL_VIDEO_LINK');
    }
    const [first, second] = segments;
    if (first === 'channel' && second && YOUTUBE_CHANNEL_ID.test(second)) return youtubeById(second);
    if (first && YOUTUBE_HANDLE.test(first)) return youtubeByHandle(first);
    if (first?.startsWith('@')) return youtubeHandleProblem(first.slice(1));
    return refused('INVALID_CHANNEL');
  }
  if (platform) {
    const account = accountOf(platform, segments);
    if (typeof account === 'string') {
      return nameOutOfBounds(platform, account, 1, CHANNEL_ACCOUNT_MAX) ?? refused('INVALID_CHANNEL');
    }
    if (!account) return refused('INVALID_CHANNEL');
    // SOOP (formerly AfreecaTV) has moved hosts; its stations are linked on the current one.
    const base = platform === 'soop' ? 'ch.sooplive.co.kr' : host;
    return { platform, externalId: account.id, url: `https://${base}/${account.path}` };
  }
  // Any other site: the link itself, without query, fragment or trailing slash.
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  const link = `https://${host}${path ? `/${path}` : ''}`;
  // Kept encoded, a path of Korean text is about nine times as long as typed.
  if (link.length > TEXT_LIMITS.channelAddress) return addressTooLong;
  return { platform: 'web', externalId: link, url: link };
}

/** Why an `@handle` that is not a YouTube handle is refused: too short, too long, or not a handle at all. */
function youtubeHandleProblem(handle: string): ChannelProblem {
  return nameOutOfBounds('youtube', handle, YOUTUBE_HANDLE_MIN, YOUTUBE_HANDLE_MAX) ?? refused('INVALID_CHANNEL');
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function youtubeById(id: string): NormalisedChannel {
  return { platform: 'youtube', externalId: id, url: `https://www.youtube.com/channel/${id}` };
}

function youtubeByHandle(handle: string): NormalisedChannel {
  // Handles are case-insensitive on YouTube.
  const h = handle.toLowerCase();
  return { platform: 'youtube', externalId: h, url: `https://www.youtube.com/${encodeURIComponent(h).replace('%40', '@')}` };
}

const ACCOUNT = new RegExp(`^[\\p{L}\\p{N}_.-]{1,${CHANNEL_ACCOUNT_MAX}}$`, 'u');

/**
 * The account a platform's link names; or the name itself when it is where the account goes but not one (too
 * long, say), so that the caller can tell why; null when the link names no account.
 */
function accountOf(platform: ChannelPlatform, segments: string[]): { id: string; path: string } | string | null {
  const [first, second] = segments;
  if (!first) return null;
  switch (platform) {
    case 'tiktok': {
      if (!first.startsWith('@')) return null;
      if (!ACCOUNT.test(first.slice(1))) return first.slice(1);
      const id = first.toLowerCase();
      return { id, path: id };
    }
    case 'chzzk': {
      // chzzk.naver.com/{32 hex} or chzzk.naver.com/live/{32 hex}
      const id = (first === 'live' ? second : first)?.toLowerCase();
      return id && /^[0-9a-f]{32}$/u.test(id) ? { id, path: id } : null;
    }
    case 'soop': {
      const id = (first === 'station' ? second : first)?.toLowerCase();
      if (!id) return null;
      return ACCOUNT.test(id) ? { id, path: id } : id;
    }
    default: {
      if (!ACCOUNT.test(first)) return first;
      if (first === 'p' || first === 'reel' || first === 'videos') return null;
      const id = first.toLowerCase();
      return { id, path: id };
    }
  }
}
