import { genreOf, keyLabel, moodOf, parseIdText, type Lang, type Music } from '@sori/contract';
import { notFound } from '../lib/app-error';
import { clip, type PagePreview } from '../lib/page-meta';
import type { CatalogueService } from './catalogue/catalogue.service';
import type { ShareService } from './share.service';

export interface PagePreviewDeps {
  catalogue: CatalogueService;
  shares: ShareService;
  /** The web app's origin: page and image URLs in the tags are absolute. */
  publicBaseUrl: string;
}

const SITE_NAME = 'Sori';
/**
 * The web app's 1200×630 brand card (apps/web/public, drawn by scripts/make-og-card.mjs): the preview image
 * of a track or playlist without a cover, so a shared link never shows as a bare text card.
 */
export const BRAND_CARD_PATH = '/og-card.png';
const LOCALES: Record<Lang, string> = { ko: 'ko_KR', en: 'en_US', ja: 'ja_JP' };
const UNKNOWN_ARTIST: Record<Lang, string> = { ko: '알 수 없는 아티스트', en: 'Unknown Artist', ja: '不明なアーティスト' };
const TRACK_PITCH: Record<Lang, string> = {
  ko: 'Sori에서 미리 듣고 라이선스와 함께 내려받으세요.',
  en: 'Preview it on Sori and download it with a licence.',
  ja: 'Soriで試聴して、ライセンス付きでダウンロードできます。',
};
const PLAYLIST_TEXT: Record<Lang, (n: number) => string> = {
  ko: (n) => `${n}곡이 담긴 플레이리스트입니다. Sori에서 바로 들어 보세요.`,
  en: (n) => `A playlist of ${n} ${n === 1 ? 'track' : 'tracks'}. Listen to it on Sori.`,
  ja: (n) => `${n}曲のプレイリストです。Soriですぐに聴けます。`,
};

/**
 * The preview (Open Graph / Twitter tags) of the web app's shareable pages: a track (`/track/{id}`) and a
 * shared playlist (`/shared/{token}`). What a signed-out visitor may not see is a 404 here too.
 */
export class PagePreviewService {
  constructor(private readonly deps: PagePreviewDeps) {}

  /** A published track's preview; a malformed, unknown or unpublished id is a 404. */
  async track(rawId: string, lang: Lang): Promise<PagePreview> {
    const id = parseIdText(rawId);
    if (id === null) throw notFound('TRACK_NOT_FOUND');
    const track = await this.deps.catalogue.getMusic(id, null);
    const artist = track.artist || UNKNOWN_ARTIST[lang];
    return {
      title: clip(`${track.title} · ${artist}`, 120),
      description: clip(`${trackFacts(track, artist, lang).join(' · ')}. ${TRACK_PITCH[lang]}`, 300),
      url: `${this.deps.publicBaseUrl}/track/${track.id}`,
      ...this.image(track.cover),
      type: 'music.song',
      locale: LOCALES[lang],
      siteName: SITE_NAME,
      extra: track.playTime !== null ? [['music:duration', String(Math.round(track.playTime))]] : [],
    };
  }

  /** A shared playlist's preview; a link that is not shared (any more) is a 404. */
  async sharedPlaylist(token: string, address: string, lang: Lang): Promise<PagePreview> {
    const { playlist, cover } = await this.deps.shares.preview(token, address);
    const text = playlist.description?.trim() || PLAYLIST_TEXT[lang](playlist.musicCount);
    return {
      title: clip(playlist.name, 120),
      description: clip(text, 300),
      url: `${this.deps.publicBaseUrl}/shared/${playlist.token}`,
      ...this.image(cover),
      type: 'music.playlist',
      locale: LOCALES[lang],
      siteName: SITE_NAME,
    };
  }

  /** The cover as an absolute URL, or the brand card (described as such) when there is none. */
  private image(cover: string | null): Pick<PagePreview, 'image' | 'imageAlt'> {
    if (!cover) return { image: `${this.deps.publicBaseUrl}${BRAND_CARD_PATH}`, imageAlt: SITE_NAME };
    return { image: /^https?:\/\//u.test(cover) ? cover : `${this.deps.publicBaseUrl}${cover}` };
  }
}

/** Artist, genre, up to three moods, key, BPM and length, in the page's language. */
function trackFacts(track: Music, artist: string, lang: Lang): string[] {
  const facts = [artist];
  const genre = track.genre !== null ? genreOf(track.genre) : undefined;
  if (genre) facts.push(genre.labels[lang]);
  const moods = track.moods
    .slice(0, 3)
    .map((m) => moodOf(m)?.labels[lang])
    .filter((m): m is string => m !== undefined);
  if (moods.length) facts.push(moods.join(lang === 'ja' ? '・' : ', '));
  if (track.soundkey) facts.push(keyLabel(track.soundkey, track.keyMode, lang));
  if (track.bpm !== null) facts.push(`${Math.round(track.bpm)} BPM`);
  if (track.duration) facts.push(track.duration);
  return facts;
}
