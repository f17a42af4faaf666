import { parseSoundKey, TEXT_LIMITS } from '@sori/contract';
import { parseFile } from 'music-metadata';

export interface EmbeddedPicture {
  data: Buffer;
  mimeType: string;
}

export interface TrackTags {
  title: string | null;
  artist: string | null;
  album: string | null;
  genre: string | null;
  year: number | null;
  /** The tagger's tempo (TBPM and friends), if any; the estimate is ours, this is theirs. */
  bpm: number | null;
  /** The tagger's key (TKEY), read as one of the 17 keys offered, or null. */
  soundKey: string | null;
  cover: EmbeddedPicture | null;
}

export const EMPTY_TAGS: Readonly<TrackTags> = Object.freeze({
  title: null,
  artist: null,
  album: null,
  genre: null,
  year: null,
  bpm: null,
  soundKey: null,
  cover: null,
});

/** Embedded pictures larger than this are ignored: a cover never needs more, a hostile file might. */
export const MAX_EMBEDDED_COVER_BYTES = 16 * 1024 * 1024;

// C0/C1 controls, the line and paragraph separators, bidirectional overrides and isolates (which can make
// "evil.exe.mp3" display as something else), and the byte-order mark.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * Free text from a tag or a form, made safe to store and show: normalised (NFC), well-formed, without
 * control or direction-override characters, whitespace collapsed, cut to `maxLength` characters. Markup such
 * as `<script>` is kept as the literal text it is; it is escaped wherever it is displayed, never run.
 */
export function cleanText(input: unknown, maxLength: number = TEXT_LIMITS.trackTitle): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const s = String(input).replace(LONE_SURROGATE, '\ufffd').normalize('NFC').replace(UNSAFE_CHARS, ' ').replace(/\s+/gu, ' ').trim();
  if (!s) return null;
  const chars = Array.from(s);
  return chars.length > maxLength ? chars.slice(0, maxLength).join('').trimEnd() : s;
}

function pickCover(pictures: readonly { format: string; data: Uint8Array; type?: string }[] | undefined): EmbeddedPicture | null {
  if (!pictures?.length) return null;
  const front = pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0]!;
  if (front.data.length === 0 || front.data.length > MAX_EMBEDDED_COVER_BYTES) return null;
  return { data: Buffer.from(front.data), mimeType: front.format };
}

/**
 * Reads title, artist and embedded cover art. Tags are a convenience: a file whose tags cannot be parsed
 * is still a good file (the probe has already vouched for the audio), so failures give empty tags.
 */
export async function readTags(file: string): Promise<TrackTags> {
  try {
    const meta = await parseFile(file, { duration: false, skipCovers: false, skipPostHeaders: true });
    const c = meta.common;
    const bpm = typeof c.bpm === 'number' && Number.isFinite(c.bpm) && c.bpm > 0 ? Math.round(c.bpm) : null;
    const year = typeof c.year === 'number' && c.year > 0 && c.year < 10000 ? c.year : null;
    return {
      title: cleanText(c.title, TEXT_LIMITS.trackTitle),
      artist: cleanText(c.artist ?? c.artists?.join(', '), TEXT_LIMITS.trackArtist),
      album: cleanText(c.album, TEXT_LIMITS.trackTitle),
      genre: cleanText(c.genre?.[0], 100),
      year,
      bpm,
      soundKey: typeof c.key === 'string' ? parseSoundKey(c.key.replace(/m(in(or)?)?$/i, '').trim()) : null,
      cover: pickCover(c.picture),
    };
  } catch {
    return { ...EMPTY_TAGS };
  }
}
