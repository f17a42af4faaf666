import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { accessLogFileName } from '../src/lib/access-log';
import { safeLoggerOptions } from '../src/plugins/access-log';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe.each(DIALECTS)('access log (%s)', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        logLines.push(chunk.toString());
        cb();
      },
    });
    t = await createTestApp(dialect, {}, stream);
  });
  afterAll(() => t.close());

  it('writes the day’s file under DATA_DIR/logs with a signed download URL’s path but not its signature', async () => {
    const owner = await t.user({ level: 5 });
    const key = `tracks/log-${Date.now()}/original.wav`;
    await t.ctx.storage.put(key, Buffer.from('RIFF....WAVE'));
    const id = await t.track({ title: 'Logged', original_key: key, file_name: 'Logged.wav', original_mime: 'audio/wav' });
    const ticket = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token: owner.token })).json().body;
    const sig = new URL(ticket.url, 'http://x').searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(10);
    const file = await t.call({ method: 'GET', url: ticket.url, headers: { 'user-agent': 'log-test/1.0' } });
    expect(file.statusCode).toBe(200);

    const logFile = path.join(t.ctx.config.dataDir, 'logs', accessLogFileName(Date.now()));
    let text = '';
    for (let i = 0; i < 50 && !text.includes('log-test/1.0'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        text = readFileSync(logFile, 'utf8');
      } catch {
        text = '';
      }
    }
    const entries = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = entries.find((e) => e['userAgent'] === 'log-test/1.0')!;
    expect(entry).toMatchObject({ method: 'GET', status: 200, bytes: 12, ip: '127.0.0.1', userId: null });
    expect(entry['url']).toBe(
      `/api/musics/${id}/original?licence=${ticket.licenceId}&exp=${ticket.url.match(/exp=(\d+)/)[1]}&uid=${owner.id}&sig=[redacted]`,
    );
    expect(typeof entry['ms']).toBe('number');
    expect(Number.isNaN(Date.parse(String(entry['time'])))).toBe(false);
    expect(entries.find((e) => String(e['url']).startsWith('/api/download/download'))).toMatchObject({ userId: owner.id });

    // Nor in the server's own log, nor the bearer token.
    const serverLog = logLines.join('');
    expect(serverLog).toContain(`/api/musics/${id}/original`);
    expect(text).not.toContain(sig);
    expect(serverLog).not.toContain(sig);
    expect(serverLog).not.toContain(owner.token);
    expect(text).not.toContain(owner.token);
  });

  it('a failed request logs its URL redacted too', async () => {
    await t.call({ method: 'GET', url: '/api/musics/1/original?exp=1&uid=1&sig=NOT-A-REAL-SIGNATURE-123' });
    const serverLog = logLines.join('');
    expect(serverLog).toContain('sig=[redacted]');
    expect(serverLog).not.toContain('NOT-A-REAL-SIGNATURE-123');
  });
});

describe('npm run sori -- logs:purge', () => {
  it('deletes access-log files older than N days and keeps the newer ones', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sori-purge-'));
    try {
      const logs = path.join(dataDir, 'logs');
      const day = (n: number) => accessLogFileName(Date.now() - n * 86_400_000);
      const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
      delete env['DATABASE_URL'];
      delete env['ACCESS_LOG_DIR'];
      const run = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'logs:purge', ...args], {
          cwd: ROOT,
          encoding: 'utf8',
          env,
        });
      mkdirSync(logs);
      for (const n of [0, 1, 29, 30, 31, 100]) writeFileSync(path.join(logs, day(n)), '{}\n');
      const res = run(['--older-than-days', '30']);
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain('Deleted 2 access-log file(s)');
      expect(readdirSync(logs).sort()).toEqual([day(30), day(29), day(1), day(0)]);
      // The default is the retention (90 days), and a bad argument is refused.
      writeFileSync(path.join(logs, day(91)), '{}\n');
      expect(run([]).status).toBe(0);
      expect(readdirSync(logs)).not.toContain(day(91));
      expect(run(['--older-than-days', 'soon']).status).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('server log lines', () => {
  it('redact secrets in error messages and stacks, logged strings and Authorization headers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const app = Fastify({ logger: safeLoggerOptions({ level: 'info', stream }) });
    app.get('/boom', async (request) => {
      request.log.info({ headers: { authorization: 'Bearer HEADER-SECRET' } }, 'with headers');
      request.log.info('following /?resetToken=STRING-SECRET');
      throw new Error('upstream GET /api/musics/1/stream?v=1&sig=ERROR-SECRET failed');
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/boom?token=URL-SECRET' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('upstream GET /api/musics/1/stream?v=1&sig=[redacted] failed');
    for (const secret of ['HEADER-SECRET', 'STRING-SECRET', 'ERROR-SECRET', 'URL-SECRET']) expect(log).not.toContain(secret);
  });
});
