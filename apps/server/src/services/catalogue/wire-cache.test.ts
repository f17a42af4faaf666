import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WireCache } from './wire-cache';

const json = (id: number, version: number, pad: number) =>
  Buffer.from(`{"id":${id},"v":${version},"liked":false,"t":"${'사'.repeat(pad)}"}`);

function read(cache: WireCache, id: number): Buffer | null {
  const n = cache.lengthOf(id);
  if (n < 0) return null;
  const out = Buffer.alloc(n);
  expect(cache.copyInto(id, out, 0)).toBe(n);
  return out;
}

describe('WireCache', () => {
  it('answers exactly the bytes last set for an id, never a deleted or overwritten one, and keeps recent writes', () => {
    const op = fc.record({
      kind: fc.oneof(
        { arbitrary: fc.constant('set'), weight: 16 },
        { arbitrary: fc.constantFrom('delete', 'refresh'), weight: 5 },
        { arbitrary: fc.constant('clear'), weight: 1 },
      ),
      id: fc.integer({ min: 1, max: 300 }),
      // 0.6 to 3 KB: a few hundred writes go round the smaller rings several times.
      pad: fc.integer({ min: 200, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(op, { minLength: 300, maxLength: 600 }), fc.integer({ min: 0, max: 3 }), (ops, size) => {
        const ring = [131_072, 140_000, 200_000, 600_000][size]!;
        const cache = new WireCache(ring);
        const model = new Map<number, Buffer>();
        // Bytes written after each id's last write: an entry is kept at least until half a ring has been written.
        const writtenSince = new Map<number, number>();
        ops.forEach((o, version) => {
          if (o.kind === 'set') {
            const b = json(o.id, version, o.pad);
            cache.set(o.id, b);
            for (const [id, n] of writtenSince) writtenSince.set(id, n + b.length);
            model.set(o.id, b);
            writtenSince.set(o.id, 0);
          } else if (o.kind === 'delete') {
            cache.delete(o.id);
            model.delete(o.id);
          } else if (o.kind === 'refresh') {
            const before = read(cache, o.id);
            cache.refresh(o.id);
            const after = read(cache, o.id);
            expect(after === null ? before === null : before !== null && after.equals(before)).toBe(true);
            // A refresh may copy the entry to the head: count those bytes as written (an upper bound).
            if (before) for (const [id, n] of writtenSince) if (id !== o.id) writtenSince.set(id, n + before.length);
          } else {
            cache.clear();
            model.clear();
          }
          if (version % 20 !== 0 && version !== ops.length - 1) return;
          let live = 0;
          for (let id = 1; id <= 300; id++) {
            const got = read(cache, id);
            if (got === null) {
              // Forgotten only once at least half a ring was written after it (or never set, or deleted).
              const since = writtenSince.get(id);
              if (model.has(id) && since !== undefined) expect(since).toBeGreaterThan(ring / 2 - 1024);
              continue;
            }
            live++;
            expect(got.equals(model.get(id)!)).toBe(true);
          }
          expect(cache.size).toBe(live);
        });
      }),
      // Shrinking hundreds of writes takes minutes; the first failing run is reported as found.
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('stays exact through thousands of writes of varied sizes, many times round the ring', () => {
    const cache = new WireCache(131_072);
    const model = new Map<number, Buffer>();
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let k = 0; k < 3000; k++) {
      const id = 1 + Math.floor(random() * 300);
      const b = json(id, k, 200 + Math.floor(random() * 800));
      cache.set(id, b);
      model.set(id, b);
      if (k % 100 === 99) {
        let live = 0;
        for (const [id, want] of model) {
          const got = read(cache, id);
          if (got === null) continue;
          live++;
          expect(got.equals(want)).toBe(true);
        }
        expect(live).toBe(cache.size);
        // 131 KB of entries of 0.6 to 3 KB: dozens of tracks, the most recent ones.
        expect(live).toBeGreaterThan(30);
      }
    }
  });

  it('keeps an entry that pages keep asking for while one-off reads stream through', () => {
    const cache = new WireCache(131_072);
    const hot = json(1, 0, 10);
    cache.set(1, hot);
    for (let id = 2; id < 5000; id++) {
      cache.set(id, json(id, 0, 50));
      if (cache.lengthOf(1) >= 0) cache.refresh(1);
    }
    expect(read(cache, 1)).toEqual(hot);
    // Without refreshes the same stream pushes it out.
    const plain = new WireCache(131_072);
    plain.set(1, hot);
    for (let id = 2; id < 5000; id++) plain.set(id, json(id, 0, 50));
    expect(plain.lengthOf(1)).toBe(-1);
    expect(plain.byteSize).toBe(cache.byteSize);
  });

  it('does not cache an entry over 64 KB', () => {
    const cache = new WireCache(1_000_000);
    cache.set(5, Buffer.alloc(70_000, 'a'));
    expect(cache.lengthOf(5)).toBe(-1);
  });
});
