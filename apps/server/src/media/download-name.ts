/**
 * The name a downloaded track is saved under: `Artist - Title.ext` (just `Title.ext` without an artist).
 * Safe on Windows, macOS and Linux: characters Windows forbids (`<>:"/\|?*`) and control characters become
 * `_`, leading and trailing dots and spaces go, reserved device names (CON, NUL, COM1…) get a `_`, and the
 * name stays well under the 255-byte limit of common file systems. Korean and Japanese are kept as they are.
 */
import type { Lang } from '@sori/contract';

// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/gu;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/iu;
/** UTF-8 bytes for the part before the extension (Korean and Japanese take three bytes a character). */
export const DOWNLOAD_STEM_MAX_BYTES = 180;

function clean(text: string | null | undefined): string {
  return (text ?? '').normalize('NFC').replace(UNSAFE, '_').replace(/\s+/gu, ' ').trim();
}

const encoder = new TextEncoder();

function capBytes(text: string, maxBytes: number): string {
  // Three bytes a UTF-16 unit at most: a short name needs no encoding to know it fits.
  if (text.length * 3 <= maxBytes || encoder.encode(text).length <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = encoder.encode(ch).length;
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** The extension of the stored download name (`wav` of `demo-60.wav`), or null. */
export function extensionOf(fileName: string | null | undefined): string | null {
  const m = /\.([A-Za-z0-9]{1,5})$/u.exec(fileName ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

export function trackDownloadName(artist: string | null | undefined, title: string | null | undefined, storedName: string): string {
  const extension = extensionOf(storedName);
  const a = clean(artist);
  const t = clean(title);
  let stem = a && t ? `${a} - ${t}` : t || a;
  stem = capBytes(stem, DOWNLOAD_STEM_MAX_BYTES).replace(/^[.\s]+|[.\s]+$/gu, '');
  if (!stem) stem = storedName.replace(/\.[^.]{1,5}$/u, '') || 'track';
  if (RESERVED.test(stem)) stem = `${stem}_`;
  return extension ? `${stem}.${extension}` : stem;
}

/** How a short edit is named after the title, in the downloader's language. */
export const EDIT_SUFFIX: Record<Lang, (seconds: number) => string> = {
  ko: (s) => `${s}초 버전`,
  en: (s) => `${s}s edit`,
  ja: (s) => `${s}秒版`,
};

/** The name a short edit is saved as: `Artist - Title (30초 버전).mp3`, `(30s edit)`, `(30秒版)`: in Korean and Japanese, as the track page names the edit. */
export function editDownloadName(
  artist: string | null | undefined,
  title: string | null | undefined,
  seconds: number,
  lang: Lang = 'en',
): string {
  return trackDownloadName(artist, `${clean(title) || 'track'} (${EDIT_SUFFIX[lang](seconds)})`, 'edit.mp3');
}
