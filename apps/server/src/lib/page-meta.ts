import { escapeHtml } from '@sori/contract';

/**
 * The preview tags of a shareable page (Open Graph and Twitter cards), written into the web app's
 * index.html so that a link pasted into KakaoTalk, Slack or X shows its title, text and cover. Everything
 * taken from data is escaped for an HTML attribute or text; nothing else of the page changes (the CSP
 * hashes of its inline script stay valid).
 */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of an image, or null. */
  image: string | null;
  /** What the image shows, when it is not the page's own picture (the title otherwise). */
  imageAlt?: string;
  type: 'music.song' | 'music.playlist' | 'website';
  /** og:locale: ko_KR, en_US or ja_JP. */
  locale: string;
  siteName: string;
  /** Further `<meta property=… content=…>` pairs (music:duration). */
  extra?: readonly (readonly [string, string])[];
}

/** Shared with the mails and the web app's data document (contract `html.ts`). */
export { escapeHtml };

/** Cuts a text to at most `max` characters (by code point) on a word boundary where one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/gu, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

export function previewTags(p: PagePreview): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', p.description),
    `<link rel="canonical" href="${escapeHtml(p.url)}" />`,
    meta('property', 'og:type', p.type),
    meta('property', 'og:site_name', p.siteName),
    meta('property', 'og:locale', p.locale),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:url', p.url),
    ...(p.image ? [meta('property', 'og:image', p.image), meta('property', 'og:image:alt', p.imageAlt ?? p.title)] : []),
    ...(p.extra ?? []).map(([k, v]) => meta('property', k, v)),
    meta('name', 'twitter:card', p.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', p.description),
    ...(p.image ? [meta('name', 'twitter:image', p.image)] : []),
  ];
  return tags.join('\n    ');
}

/**
 * index.html with the page's title and preview tags: the document's own title and description are replaced,
 * the rest of the tags go at the end of its head.
 */
export function withPreview(html: string, p: PagePreview): string {
  const title = `<title>${escapeHtml(p.title)} · ${escapeHtml(p.siteName)}</title>`;
  return html
    .replace(/<meta\s+name="description"[^>]*>\s*/iu, '')
    .replace(/<title>[^<]*<\/title>/iu, () => title)
    .replace(/<\/head>/iu, () => `  ${previewTags(p)}\n  </head>`);
}
