import { z } from 'zod';

/**
 * Share links of playlists (PRODUCT §16): the owner makes a playlist readable by anyone holding its link, and
 * can end that. The token is 128 random bits in base64url (22 characters); the link is `/shared/{token}`.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/u;

/** `POST /playbox/{id}/share`: the link (the same one for as long as the playlist stays shared). */
export const PlaylistShare = /* @__PURE__ */ z.object({
  /** The web page anyone can open: `{PUBLIC_BASE_URL}/shared/{token}`. */
  url: z.string(),
  token: z.string(),
  /** When the playlist was first shared under this token. */
  sharedAt: z.string(),
});
export type PlaylistShare = z.infer<typeof PlaylistShare>;

/** `GET /playbox/{id}/share`: the owner's current link, or null when the playlist is not shared. */
export const PlaylistShareState = /* @__PURE__ */ PlaylistShare.nullable();

/** What a shared playlist shows to anyone: no owner, no id; the count is of the tracks shown (published ones). */
export const SharedPlaylist = /* @__PURE__ */ z.object({
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  musicCount: z.number().int(),
  updatedAt: z.string(),
  token: z.string(),
});
export type SharedPlaylist = z.infer<typeof SharedPlaylist>;
