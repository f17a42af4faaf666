import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../lib/random';
import { BLEND, SIMILAR_CUTOFF, SimilarityIndex, type SimilarMeta } from './similarity';

/** The index against a plain reference: every candidate scored in full, sorted by score then id. */
describe('SimilarityIndex', () => {
  const dims = 12;
  const weights = Array.from({ length: dims }, (_, d) => (d < 6 ? 0.2 : 0.1));
  const r = mulberry32(7);
  const n = 400;
  const metas: SimilarMeta[] = [];
  const vectors: number[][] = [];
  const index = new SimilarityIndex(weights);
  for (let id = 1; id <= n; id++) {
    metas.push({
      id,
      genre: r() < 0.1 ? null : [101, 102, 201, 301][Math.floor(r() * 4)]!,
      moods: r() < 0.2 ? [] : [1101 + Math.floor(r() * 6), 1201 + Math.floor(r() * 3)],
      bpm: r() < 0.1 ? null : 60 + Math.floor(r() * 100),
      keyPc: r() < 0.1 ? null : Math.floor(r() * 12),
      published: r() < 0.9,
    });
    vectors.push(Array.from({ length: dims }, () => r() * 4 - 2));
  }
  index.fitScale(vectors);
  metas.forEach((m, i) => {
    index.upsert(m);
    if (i % 17 !== 0) index.setVector(m.id, vectors[i]!);
  });

  function reference(id: number): number[] {
    return scored(id).map((x) => x.id);
  }

  /** Every candidate in full, best first, with its score over the most the query's own signals could give. */
  function scored(id: number): { id: number; s: number; closeness: number }[] {
    const q = metas[id - 1]!;
    const hasQ = (id - 1) % 17 !== 0;
    const attainable =
      (hasQ ? BLEND.sound : 0) +
      (q.genre !== null ? BLEND.genre : 0) +
      (q.moods.length > 0 ? BLEND.mood : 0) +
      (q.bpm !== null ? BLEND.bpm : 0) +
      (q.keyPc !== null ? BLEND.key : 0);
    const scored = metas
      .filter((m) => m.published && m.id !== id)
      .map((m) => {
        let s = 0;
        if (hasQ) {
          const has = (m.id - 1) % 17 !== 0;
          s += has ? BLEND.sound / (1 + index.distance2(id, m.id) / weights.reduce((a, b) => a + b, 0)) : BLEND.sound / 3;
        }
        if (q.genre !== null && m.genre !== null)
          s += BLEND.genre * (q.genre === m.genre ? 1 : Math.floor(q.genre / 100) === Math.floor(m.genre / 100) ? 0.5 : 0);
        const shared = q.moods.filter((x) => m.moods.includes(x)).length;
        if (q.moods.length > 0 && shared > 0) s += (BLEND.mood * shared) / (q.moods.length + m.moods.length - shared);
        if (q.bpm !== null && m.bpm !== null) s += BLEND.bpm * Math.max(0, 1 - Math.abs(Math.log2(m.bpm / q.bpm)) / 0.25);
        if (q.keyPc !== null && m.keyPc !== null) {
          const d = ((((q.keyPc - m.keyPc) * 7) % 12) + 12) % 12;
          const steps = Math.min(d, 12 - d);
          s += BLEND.key * (steps === 0 ? 1 : steps === 1 ? 0.5 : 0);
        }
        return { id: m.id, s, closeness: s / attainable };
      });
    scored.sort((a, b) => b.s - a.s || a.id - b.id);
    return scored;
  }

  it('answers the same pages as scoring every candidate in full (the early exits change nothing)', () => {
    for (const id of [1, 2, 18, 35, 100, 222, 399]) {
      const ref = reference(id);
      const all = index.similar(id, 0, n);
      expect(all.total).toBe(ref.length);
      // Scores computed in float64 in a different order may differ in the last bits: compare as sets where tied.
      expect(all.ids.slice(0, 10)).toEqual(ref.slice(0, 10));
      expect(index.similar(id, 0, 10).ids).toEqual(ref.slice(0, 10));
      expect(index.similar(id, 20, 10).ids).toEqual(all.ids.slice(20, 30));
    }
  });

  it('under a cut-off, lists and counts exactly the tracks whose closeness reaches it, in the same order', () => {
    for (const id of [1, 2, 18, 35, 100, 222, 399]) {
      for (const cutoff of [0.3, SIMILAR_CUTOFF, 0.55]) {
        // Leave out the candidates within float noise of the cut-off (the index keeps BPMs as float32): they may fall either side.
        const ref = scored(id);
        const near = new Set(ref.filter((x) => Math.abs(x.closeness - cutoff) < 1e-5).map((x) => x.id));
        const over = ref.filter((x) => x.closeness >= cutoff && !near.has(x.id));
        const all = index.similar(id, 0, n, BLEND, cutoff);
        const got = all.ids.filter((x) => !near.has(x));
        expect(got.slice(0, 10)).toEqual(over.slice(0, 10).map((x) => x.id));
        expect(new Set(got)).toEqual(new Set(over.map((x) => x.id)));
        expect(all.total).toBe(all.ids.length);
        expect(all.closeness.every((c) => c >= cutoff - 1e-5)).toBe(true);
        for (const [k, c] of all.closeness.entries()) expect(c).toBeCloseTo(ref.find((x) => x.id === all.ids[k])!.closeness, 5);
        // Pages of the cut list: the same total on each, and pages that add up to it.
        const p1 = index.similar(id, 0, 7, BLEND, cutoff);
        const p2 = index.similar(id, 7, 7, BLEND, cutoff);
        expect(p1.total).toBe(all.total);
        expect(p2.total).toBe(all.total);
        expect([...p1.ids, ...p2.ids]).toEqual(all.ids.slice(0, 14));
        // At most `max`: the best of them, counted as that many, and nothing past them.
        const capped = index.similar(id, 0, n, BLEND, cutoff, 9);
        expect(capped.total).toBe(Math.min(9, all.total));
        expect(capped.ids).toEqual(all.ids.slice(0, 9));
        expect(index.similar(id, 7, 7, BLEND, cutoff, 9).ids).toEqual(all.ids.slice(7, 9));
        expect(index.similar(id, 9, 7, BLEND, cutoff, 9).ids).toEqual([]);
      }
    }
    // The higher the cut-off, the shorter the list, and the served one leaves out most of a random catalogue.
    const counts = [0.3, SIMILAR_CUTOFF, 0.55].map((c) => index.similar(2, 0, 1, BLEND, c).total);
    expect(counts[0]).toBeGreaterThan(counts[1]!);
    expect(counts[1]).toBeGreaterThan(counts[2]!);
    expect(counts[1]).toBeLessThan(index.similar(2, 0, 1).total / 2);
  });

  it('lists nothing under a cut-off for a track with no sound yet and no tags', () => {
    const bare = new SimilarityIndex(weights);
    bare.fitScale(vectors);
    metas.slice(0, 20).forEach((m, i) => {
      bare.upsert({ ...m, published: true });
      bare.setVector(m.id, vectors[i]!);
    });
    bare.upsert({ id: 21, genre: null, moods: [], bpm: null, keyPc: null, published: true });
    expect(bare.similar(21, 0, 10, BLEND, SIMILAR_CUTOFF)).toEqual({ ids: [], closeness: [], total: 0 });
    expect(bare.similar(21, 0, 10).total).toBe(20);
    expect(bare.vectorCount).toBe(20);
    bare.setVector(3, null);
    bare.remove(4);
    expect(bare.vectorCount).toBe(18);
    expect(bare.idsWithVector()).not.toContain(3);
  });

  it('leaves out the track itself, unpublished and removed tracks', () => {
    const hidden = metas.find((m) => !m.published)!.id;
    index.remove(5);
    const ids = index.similar(3, 0, n).ids;
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(5);
    index.upsert(metas[4]!);
  });
});
