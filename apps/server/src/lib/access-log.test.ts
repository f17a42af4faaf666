import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { purgeAccessLogs, redactText, redactUrl } from './access-log';

describe('redaction', () => {
  it('replaces the values of signatures and tokens in a URL, keeping the path and the rest', () => {
    expect(redactUrl('/api/musics/7/original?exp=1800000000&uid=3&sig=AbC-_d')).toBe(
      '/api/musics/7/original?exp=1800000000&uid=3&sig=[redacted]',
    );
    expect(redactUrl('/?resetToken=abc&lang=ko')).toBe('/?resetToken=[redacted]&lang=ko');
    expect(redactUrl('/x?TOKEN=a&Signature=b&access_token=c&q=sig')).toBe(
      '/x?TOKEN=[redacted]&Signature=[redacted]&access_token=[redacted]&q=sig',
    );
    expect(redactUrl('/x?%73ig=a')).toBe('/x?%73ig=[redacted]');
    expect(redactUrl('/api/musics?genre=101')).toBe('/api/musics?genre=101');
  });

  it('finds URLs inside free text', () => {
    expect(redactText('Route GET:/api/musics/1/stream?v=x&sig=SECRET not found')).toBe(
      'Route GET:/api/musics/1/stream?v=x&sig=[redacted] not found',
    );
    expect(redactText('http://h/?resetToken=SECRET')).toBe('http://h/?resetToken=[redacted]');
  });
});

describe('purgeAccessLogs', () => {
  it('deletes the files of days older than N days and keeps the newer ones and other files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sori-logs-'));
    try {
      const now = Date.parse('2026-11-23T12:00:00Z');
      for (const day of ['2026-08-24', '2026-08-25', '2026-11-22', '2026-11-23'])
        writeFileSync(path.join(dir, `access-${day}.log`), '{}\n');
      writeFileSync(path.join(dir, 'notes.txt'), 'keep');
      const deleted = await purgeAccessLogs(dir, 90, now);
      expect(deleted).toEqual(['access-2026-08-24.log']);
      expect(readdirSync(dir).sort()).toEqual(['access-2026-08-25.log', 'access-2026-11-22.log', 'access-2026-11-23.log', 'notes.txt']);
      expect(await purgeAccessLogs(dir, 0, now)).toEqual(['access-2026-08-25.log', 'access-2026-11-22.log']);
      expect(await purgeAccessLogs(path.join(dir, 'missing'), 1, now)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
