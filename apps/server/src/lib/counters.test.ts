import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounters, RedisCounters, type Counters } from './counters';
import { freePort } from '../../test/helpers/ports';

const redisUrl = process.env['TEST_REDIS_URL'];
if (process.env['REQUIRE_ALL'] === '1' && !redisUrl) throw new Error('REQUIRE_ALL=1 but TEST_REDIS_URL is not set');

const kinds: [string, () => Counters][] = [['memory', () => new MemoryCounters()]];
if (redisUrl) kinds.push(['redis', () => new RedisCounters(redisUrl, `sori-test-${process.pid}-${Date.now()}:`)]);

describe.each(kinds)('shared counters (%s)', (_name, make) => {
  const c = make();
  afterAll(() => c.close());

  it('counts hits within a window and starts again after it', async () => {
    expect((await c.hit('k1', 200)).count).toBe(1);
    const second = await c.hit('k1', 200);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(0);
    expect(second.resetMs).toBeLessThanOrEqual(200);
    await new Promise((r) => setTimeout(r, 260));
    expect((await c.hit('k1', 200)).count).toBe(1);
  });

  it('answers true only the first time within the ttl', async () => {
    expect(await c.firstWithin('seen', 200)).toBe(true);
    expect(await c.firstWithin('seen', 200)).toBe(false);
    expect(await c.firstWithin('other', 200)).toBe(true);
    await new Promise((r) => setTimeout(r, 260));
    expect(await c.firstWithin('seen', 200)).toBe(true);
  });

  it('forgets a key on reset', async () => {
    await c.hit('r', 10_000);
    await c.hit('r', 10_000);
    await c.reset('r');
    expect((await c.hit('r', 10_000)).count).toBe(1);
  });
});

describe('shared counters while Redis does not answer', () => {
  // A real Redis server started and stopped by the test on a port of its own: nothing listens there at first.
  const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
  if (!hasRedisServer) {
    if (process.env['REQUIRE_ALL'] === '1') throw new Error('REQUIRE_ALL=1 but redis-server is not installed');
    console.log('skipped: Redis outage and recovery (no redis-server on this machine)');
  }

  it.runIf(hasRedisServer)(
    'counts in process during the outage, says so once, and goes back to Redis when it answers',
    async () => {
      const port = await freePort();
      const events: string[] = [];
      const c = new RedisCounters(`redis://127.0.0.1:${port}`, 'outage:', {
        onDown: (reason) => events.push(`down ${reason}`),
        onUp: () => events.push('up'),
      });
      let server: ChildProcess | null = null;
      try {
        // Rate limits still count (per instance) rather than failing the request.
        expect((await c.hit('signin', 60_000)).count).toBe(1);
        expect((await c.hit('signin', 60_000)).count).toBe(2);
        expect(await c.firstWithin('play', 60_000)).toBe(true);
        expect(await c.firstWithin('play', 60_000)).toBe(false);
        await new Promise((r) => setTimeout(r, 500));
        expect(events, 'the outage is said once, whatever the reconnects').toEqual(['down ECONNREFUSED']);
        await expect(c.check(), 'readiness still sees Redis down').rejects.toThrow();

        server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
        await until(() => events.includes('up'), 15_000);
        expect(events).toEqual(['down ECONNREFUSED', 'up']);
        expect((await c.hit('signin', 60_000)).count, 'counted in Redis again, from its own count').toBe(1);
        const direct = new Redis(`redis://127.0.0.1:${port}`);
        try {
          expect(await direct.get('outage:rl:signin')).toBe('1');
        } finally {
          direct.disconnect();
        }
      } finally {
        await c.close();
        server?.kill();
      }
    },
    30_000,
  );
});

async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not done within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
