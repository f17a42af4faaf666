import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegSync } from './helpers/audio';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const LIMIT_SEC = 10;
const LONG_SEC = 20 * 60;

/** Largest file under dir right now (0 when there is none). */
function largestFile(dir: string): number {
  let max = 0;
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      try {
        if (e.isDirectory()) walk(p);
        else max = Math.max(max, statSync(p).size);
      } catch {
        // removed while we looked
      }
    }
  };
  walk(dir);
  return max;
}

describe.each(DIALECTS)('an overlong upload is refused without decoding all of it (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let longMp3: Buffer;
  beforeAll(async () => {
    t = await createTestApp(dialect, { UPLOAD_MAX_DURATION_SECONDS: String(LIMIT_SEC) });
    dir = mkdtempSync(path.join(tmpdir(), 'sori-duration-test-'));
    // Twenty minutes at 8 kbit/s with no Xing header: nothing in the file says how long it is.
    const out = path.join(dir, 'long.mp3');
    ffmpegSync([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${LONG_SEC}`,
      '-ar',
      '8000',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '8k',
      '-write_xing',
      '0',
      out,
    ]);
    longMp3 = readFileSync(out);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 422 MEDIA_TOO_LONG, and no scratch file grows past what the limit implies', async () => {
    const owner = await t.user();
    const { payload, headers } = multipart([{ name: 'file', filename: 'long.mp3', contentType: 'audio/mpeg', data: longMp3 }]);
    const scratch = path.join(t.ctx.config.dataDir, 'tmp');
    let largest = 0;
    const watch = setInterval(() => {
      largest = Math.max(largest, largestFile(scratch));
    }, 10);
    const res = await t.call({ method: 'POST', url: '/api/my/musics', payload, headers, token: owner.token, lang: 'en' });
    clearInterval(watch);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('MEDIA_TOO_LONG');
    expect(res.json().details.maxDurationSec).toBe(LIMIT_SEC);
    expect(res.json().message).toMatch(/too long/u);
    // The upload itself sits in DATA_DIR/tmp too; a preview of limit + 2 s at 160 kbit/s is 240 kB.
    const previewCap = ((LIMIT_SEC + 2) * 160_000) / 8 + 16_384;
    expect(largest).toBeLessThanOrEqual(Math.max(longMp3.length, previewCap));
    expect(largest).toBeGreaterThan(0);
    expect(
      Number(
        (
          await t.ctx.db.kysely
            .selectFrom('tracks')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });
});
