/**
 * Draws apps/web/public/og-card.png, the 1200×630 preview image of a shared link whose track or playlist has
 * no cover (KakaoTalk, Slack and X show a bare text card otherwise). The brand mark of favicon.svg, the name
 * and one line in each language, set in the Noto Sans fonts the licence PDFs ship with; rendered once by
 * Chromium and committed, so the server only serves a file.
 *
 *   node scripts/make-og-card.mjs        (needs Chromium: CHROMIUM_PATH, default /usr/bin/chromium)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const font = (pkg, file) => readFileSync(path.join(root, 'node_modules/@embedpdf', pkg, 'fonts', file)).toString('base64');
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: KR; src: url(data:font/otf;base64,${font('fonts-kr', 'NotoSansKR-Bold.otf')}); font-weight: 700; }
@font-face { font-family: KR; src: url(data:font/otf;base64,${font('fonts-kr', 'NotoSansKR-Regular.otf')}); font-weight: 400; }
@font-face { font-family: JP; src: url(data:font/otf;base64,${font('fonts-jp', 'NotoSansJP-Regular.otf')}); font-weight: 400; }
html, body { margin: 0; width: 1200px; height: 630px; background: #9e1b2e; color: #fff; font-family: KR, JP, sans-serif; }
main { box-sizing: border-box; height: 100%; padding: 96px 104px; display: flex; flex-direction: column; justify-content: center; }
.brand { display: flex; align-items: center; gap: 36px; }
h1 { font-size: 132px; font-weight: 700; margin: 0; letter-spacing: -2px; line-height: 1; }
p { margin: 0; font-size: 36px; line-height: 1.5; }
.ko { margin-top: 56px; font-weight: 700; font-size: 46px; }
.other { opacity: 0.92; }
.ja { font-family: JP, sans-serif; }
</style></head><body><main>
<div class="brand">
  <svg width="132" height="132" viewBox="7 6 18 20" aria-hidden="true"><g fill="#fff"><rect x="7" y="13" width="3" height="6" rx="1.5"/><rect x="12" y="9" width="3" height="14" rx="1.5"/><rect x="17" y="6" width="3" height="20" rx="1.5"/><rect x="22" y="11" width="3" height="10" rx="1.5"/></g></svg>
  <h1>Sori</h1>
</div>
<p class="ko">영상에 꼭 맞는 배경음악, 라이선스까지 한 번에</p>
<p class="other">Background music for your videos, licensed in one step</p>
<p class="other ja">動画にぴったりのBGMを、ライセンスと一緒に</p>
</main></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => globalThis.document.fonts.ready);
  const out = path.join(root, 'apps/web/public/og-card.png');
  await page.screenshot({ path: out, type: 'png' });
  console.log(`wrote ${path.relative(root, out)}`);
} finally {
  await browser.close();
}
