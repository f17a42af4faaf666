import Bowser from 'bowser';
import { DEVICE_PLATFORMS, type DevicePlatform } from '@sori/contract';

/** What the account page's device list says of a session: read from its User-Agent, which is not kept. */
export interface Device {
  browser: string | null;
  os: string | null;
  platform: DevicePlatform | null;
}

/** Only so much of the header is read: a real one is under 300 characters, and the parser's patterns scan it. */
const MAX_AGENT_LENGTH = 512;
/** A stored name's longest length (a parser's names are shorter; this bounds what a forged header can store). */
const MAX_NAME_LENGTH = 40;

/** The parser's long names, as their makers and their users call them. */
const SHORTER: Record<string, string> = {
  'Samsung Internet for Android': 'Samsung Internet',
  'NAVER Whale Browser': 'Whale',
};

const name = (v: string | undefined): string | null => {
  const text = (v ?? '').trim();
  return text ? (SHORTER[text] ?? text).slice(0, MAX_NAME_LENGTH) : null;
};

/**
 * The browser, the operating system and the kind of device a User-Agent names ("Chrome", "Windows",
 * "desktop"), each null when not recognised. Bots and scripts come out as nulls, as does a missing header.
 */
export function deviceOf(userAgent: string | undefined): Device {
  const agent = (userAgent ?? '').slice(0, MAX_AGENT_LENGTH).trim();
  if (!agent) return { browser: null, os: null, platform: null };
  const parsed = Bowser.parse(agent);
  const type = parsed.platform.type;
  return {
    browser: name(parsed.browser.name),
    os: name(parsed.os.name),
    platform: (DEVICE_PLATFORMS as readonly string[]).includes(type ?? '') ? (type as DevicePlatform) : null,
  };
}

/** Whether two sessions came from the same kind of browser on the same system (nulls alike match). */
export const sameDevice = (a: Device, b: Device): boolean => a.browser === b.browser && a.os === b.os && a.platform === b.platform;
