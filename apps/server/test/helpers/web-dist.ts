import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built web app of one page, as the real build's index.html looks (title, description, inline script). */
export function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'sori-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ko"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Sori — 배경음악" /><title>Sori</title>' +
      "<script>document.documentElement.dataset.bsTheme='dark';</script></head>" +
      '<body><div id="root"></div></body></html>',
  );
  return dist;
}

/** The content of `<meta property|name="key" content="…">` as written (still escaped). */
export function metaOf(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.]/gu, '\\.')}" content="([^"]*)" />`, 'u');
  return re.exec(html)?.[1];
}
