import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounters, RedisCounters, type Counters } from './counters';

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
