/**
 * How long a track written through one API instance takes to be searchable through another on the same
 * PostgreSQL database: with the change feed's poll alone (every 2 s), and with Redis, where the writer also
 * signals the change (lib/change-signal.ts).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379/15 \
 *     node --import tsx bench/change-lag.ts [--runs 15]
 *
 * Each run inserts a track through A (committed, A's index updated), then asks B's search every 5 ms until it
 * answers the track; runs are 0.14–0.64 s apart, so they fall at every phase of B's poll.
 */
import { randomBytes } from 'node:crypto';
import { createTestApp } from '../apps/server/test/helpers/test-app';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 15) || 15;
const redisUrl = process.env['TEST_REDIS_URL'];
if (!process.env['TEST_DATABASE_URL'] || !redisUrl) {
  console.error('set TEST_DATABASE_URL and TEST_REDIS_URL (a PostgreSQL database and a Redis to use)');
  process.exit(2);
}

async function measure(withRedis: boolean): Promise<number[]> {
  const a = await createTestApp(
    'postgres',
    withRedis ? { REDIS_URL: redisUrl!, REDIS_PREFIX: `sori-bench-${randomBytes(4).toString('hex')}` } : {},
  );
  const b = await a.sibling();
  const lags: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const word = `지연${randomBytes(4).toString('hex')}`;
      const id = await a.track({ title: word });
      const t0 = performance.now();
      for (;;) {
        const res = await b.app.inject({ method: 'GET', url: `/api/musics?q=${encodeURIComponent(word)}` });
        if ((res.json().body.content as { id: number }[]).some((m) => m.id === id)) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      lags.push(Math.round(performance.now() - t0));
      await new Promise((r) => setTimeout(r, 140 + Math.random() * 500));
    }
  } finally {
    await b.app.close();
    await a.close();
  }
  return lags.sort((x, y) => x - y);
}

for (const withRedis of [false, true]) {
  const lags = await measure(withRedis);
  const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))]!;
  console.log(
    `${withRedis ? 'poll + Redis signal' : 'poll alone (2 s)  '}: median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${lags[lags.length - 1]} ms over ${runs} tracks`,
  );
}
