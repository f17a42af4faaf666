import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisChangeSignal } from '../src/lib/change-signal';
import { freePort } from './helpers/ports';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A server configured with Redis (REDIS_URL) that finds nobody there: a real closed port, no mock. It starts,
 * serves sign-in with its limits kept in process, says so once in its log, and reports Redis on /api/ready.
 */
describe('a server whose Redis does not answer', () => {
  let t: TestApp;
  const log: string[] = [];
  let closedUrl = '';
  beforeAll(async () => {
    closedUrl = `redis://127.0.0.1:${await freePort()}`;
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        log.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp('sqlite', { REDIS_URL: closedUrl, SIGNIN_MAX_PER_PAIR: '3' }, stream);
  });
  afterAll(() => t.close());

  it('answers sign-in, still limited, rather than 500, and says the outage once', async () => {
    const signin = () =>
      t.call({ method: 'POST', url: '/api/signin', payload: { email: 'nobody@example.com', password: 'wrong-password' }, lang: 'en' });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await signin()).json().code);
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS']);
    const ready = await t.call({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details.failures.redis).toBe('unreachable');
    const outage = log.filter((line) => line.includes('Redis does not answer'));
    expect(outage).toHaveLength(1);
    expect(JSON.parse(outage[0]!)).toMatchObject({ level: 40, reason: 'ECONNREFUSED' });
  });

  it('does not hold the start for the change signal once Redis has refused', async () => {
    const signal = new RedisChangeSignal(closedUrl, 'outage');
    signal.listen(() => undefined);
    try {
      // Its wait is capped at 5 s for a Redis that is slow to come up; a refusal ends it at once.
      const first = await Promise.race([
        signal.ready().then(() => 'ready'),
        new Promise((r) => setTimeout(() => r('still waiting'), 4000)),
      ]);
      expect(first).toBe('ready');
    } finally {
      await signal.close();
    }
  });
});
