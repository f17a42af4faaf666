import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_CARD_PATH } from '../services/page-preview.service';
import { clip, escapeHtml, withPreview, type PagePreview } from './page-meta';

const HTML =
  '<!doctype html><html><head><meta name="description" content="Sori" /><title>Sori</title><script>x()</script></head><body></body></html>';

const preview = (over: Partial<PagePreview> = {}): PagePreview => ({
  title: 'Title',
  description: 'Text',
  url: 'https://sori.example/track/1',
  image: null,
  type: 'music.song',
  locale: 'ko_KR',
  siteName: 'Sori',
  ...over,
});

describe('page preview tags', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('clips on a word boundary with an ellipsis, counting code points', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('one two three four', 16)).toBe('one two three…');
    // A boundary too far back is not worth the lost text: the word is cut instead.
    expect(clip('one two three four', 12)).toBe('one two thr…');
    expect(clip('가나다라마바사아자차', 5)).toBe('가나다라…');
    expect([...clip('😀'.repeat(10), 4)]).toHaveLength(4);
  });

  it('replaces the title and description, keeps the inline script as it is, and takes replacement patterns literally', () => {
    const html = withPreview(HTML, preview({ title: "$& $' $` $1 </title>", description: '$$ "quoted"' }));
    expect(html).toContain('<title>$&amp; $&#39; $` $1 &lt;/title&gt; · Sori</title>');
    expect(html).toContain('<meta name="description" content="$$ &quot;quoted&quot;" />');
    expect(html.match(/name="description"/gu)).toHaveLength(1);
    expect(html).toContain('<script>x()</script>');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });

  it('uses the large card with an image', () => {
    const html = withPreview(HTML, preview({ image: 'https://sori.example/api/media/cover/1.jpg?v=2&x=1' }));
    expect(html).toContain('<meta property="og:image" content="https://sori.example/api/media/cover/1.jpg?v=2&amp;x=1" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});

describe('the brand card', () => {
  it("is a 1200×630 PNG among the web app's public files, where previews without a cover point", () => {
    const png = readFileSync(path.resolve(import.meta.dirname, '../../../web/public', `.${BRAND_CARD_PATH}`));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
