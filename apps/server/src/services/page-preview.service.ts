import { genreOf, keyLabel, moodOf, parseIdText, parseLicenceId, type Lang, type Music, type PublicLicence } from '@sori/contract';
import { notFound } from '../lib/app-error';
import { EDIT_SUFFIX } from '../media/download-name';
import { clip, type PagePreview } from '../lib/page-meta';
import type { CatalogueService } from './catalogue/catalogue.service';
import type { LicenceService } from './licences/licence.service';
import type { ShareService } from './share.service';

export interface PagePreviewDeps {
  catalogue: CatalogueService;
  shares: ShareService;
  licences: Pick<LicenceService, 'lookup'>;
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
/** A licence's card names the licence and the track, never whether it is valid: a chat app keeps a card for days. */
const LICENCE_TITLE: Record<Lang, (id: string, work: string) => string> = {
  ko: (id, work) => `라이선스 ${id} · ${work}`,
  en: (id, work) => `Licence ${id} · ${work}`,
  ja: (id, work) => `ライセンス ${id} · ${work}`,
};
const LICENCE_TEXT: Record<Lang, (work: string) => string> = {
  ko: (work) =>
    `Sori가 ${work}에 대해 발급한 사용 라이선스입니다. 지금 유효한지, 어디까지 쓸 수 있는지 이 페이지에서 누구나 확인할 수 있습니다.`,
  en: (work) => `A licence Sori issued for ${work}. Anyone can check on this page whether it is valid now and what it allows.`,
  ja: (work) => `Soriが${work}について発行した利用ライセンスです。現在有効かどうか、どこまで使えるかをこのページで誰でも確認できます。`,
};
/** The licensed work as the card names it: the title quoted, the artist, and the edit as its file is named. */
const LICENCE_WORK: Record<Lang, (title: string, artist: string, edit: string) => string> = {
  ko: (title, artist, edit) => `${artist}의 ‘${title}’${edit ? `(${edit})` : ''}`,
  en: (title, artist, edit) => `“${title}” by ${artist}${edit ? ` (${edit})` : ''}`,
  ja: (title, artist, edit) => `${artist}の「${title}」${edit ? `（${edit}）` : ''}`,
};
const PLAYLIST_TEXT: Record<Lang, (n: number) => string> = {
  ko: (n) => `${n}곡이 담긴 플레이리스트입니다. Sori에서 바로 들어 보세요.`,
  en: (n) => `A playlist of ${n} ${n === 1 ? 'track' : 'tracks'}. Listen to it on Sori.`,
  ja: (n) => `${n}曲のプレイリストです。Soriですぐに聴けます。`,
};

/**
 * The preview (Open Graph / Twitter tags) of the web app's shareable pages: a track (`/track/{id}`), a
 * shared playlist (`/shared/{token}`) and a licence's verify page (`/verify/{id}`). What a signed-out visitor
 * may not see is a 404 here too.
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

  /**
   * A licence's verify page: the licence's number and the licensed work, never its verdict or licensee (the
   * page itself says those, as they are now). A malformed or unknown id is a 404; the page's lookups count
   * with the API's (`LICENCE_LOOKUPS_PER_MINUTE`).
   */
  async licence(rawId: string, address: string, lang: Lang): Promise<PagePreview> {
    if (parseLicenceId(rawId) === null) throw notFound('LICENCE_NOT_FOUND');
    const licence: PublicLicence = await this.deps.licences.lookup(rawId, address);
    const edit = licence.edit === undefined ? '' : EDIT_SUFFIX[lang](licence.edit);
    const work = LICENCE_WORK[lang](licence.track.title, licence.track.artist || UNKNOWN_ARTIST[lang], edit);
    return {
      title: clip(LICENCE_TITLE[lang](licence.id, work), 120),
      description: clip(LICENCE_TEXT[lang](work), 300),
      url: `${this.deps.publicBaseUrl}/verify/${licence.id}`,
      ...this.image(null),
      type: 'website',
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
