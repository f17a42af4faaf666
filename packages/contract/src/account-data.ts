import { z } from 'zod';
import { Consent } from './account';
import { User } from './api';

/**
 * What a member downloads of their own data from the account page (`GET /api/my/data`): everything Sori keeps
 * about them, as the privacy policy lists it, in one JSON file. Never the password's hash or a session's
 * token. Times are ISO 8601 in UTC.
 */
export const ACCOUNT_DATA_FORMAT = 'sori-account-data/1';

const TrackRef = /* @__PURE__ */ z.object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() });

export const AccountData = /* @__PURE__ */ z.object({
  format: z.literal(ACCOUNT_DATA_FORMAT),
  exportedAt: z.string(),
  account: User.extend({
    language: z.string().describe('the language of the mails Sori sends the member'),
    newDeviceAlerts: z.boolean().describe('whether a sign-in from a new device is told by mail'),
  }),
  consents: z.array(Consent),
  /** Every channel registered, including those removed or ended (the clearance history). */
  channels: z.array(
    z.object({
      platform: z.string(),
      externalId: z.string(),
      url: z.string(),
      registeredAt: z.string(),
      endsAt: z.string().nullable(),
      removedAt: z.string().nullable(),
    }),
  ),
  licences: z.array(
    z.object({
      id: z.string(),
      track: TrackRef.describe('as licensed'),
      fileName: z.string(),
      edit: z.number().int().nullable(),
      issuedAt: z.string(),
      status: z.string(),
      revokedAt: z.string().nullable(),
      verifyUrl: z.string(),
    }),
  ),
  likes: z.array(z.object({ track: TrackRef, likedAt: z.string() })),
  downloads: z.array(z.object({ track: TrackRef, firstAt: z.string(), lastAt: z.string(), count: z.number().int() })),
  playlists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      shared: z.boolean(),
      tracks: z.array(TrackRef.extend({ addedAt: z.string() })),
    }),
  ),
  uploads: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      artist: z.string().nullable(),
      fileName: z.string().nullable(),
      published: z.boolean(),
      uploadedAt: z.string(),
    }),
  ),
  /**
   * Signed-in sessions (devices) still on record: when each began, its end, when it was signed out, when it was
   * last used, and the browser, system and kind of device read at sign-in (`DeviceSession`).
   */
  sessions: z.array(
    z.object({
      signedInAt: z.string(),
      expiresAt: z.string(),
      signedOutAt: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      platform: z.string().nullable(),
    }),
  ),
});
export type AccountData = z.infer<typeof AccountData>;
