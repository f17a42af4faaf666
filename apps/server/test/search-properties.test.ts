import fc from 'fast-check';
import { genresMatching, GENRES, MOODS, pitchClassOfKey, SOUND_KEYS, type Music } from '@sori/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Properties of GET /api/musics over a random catalogue: every result satisfies every filter, totals are
 * exact, and paging over any sort returns every match exactly once.
 */
describe('GET /api/musics properties', () => {
  let t: TestApp;
  const catalogue: { id: number; genre: number; moods: number[]; key: string; bpm: number | null; speed: number }[] = [];
  const genreCodes = GENRES.slice(0, 8).map((g) => g.code);
  const moodCodes = MOODS.slice(0, 6).map((m) => m.code);

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const r = fc.sample(
      fc.record({
        genre: fc.constantFrom(...genreCodes),
        moods: fc.uniqueArray(fc.constantFrom(...moodCodes), { minLength: 0, maxLength: 3 }),
        key: fc.constantFrom(...SOUND_KEYS.map((k) => k.name)),
        bpm: fc.option(fc.integer({ min: 60, max: 180 }), { freq: 8 }),
        speed: fc.integer({ min: 1, max: 4 }),
        word: fc.constantFrom('사랑', '바다', 'piano', 'dream', '夏'),
      }),
      { numRuns: 120, seed: 20261122 },
    );
    for (const [i, x] of r.entries()) {
      const id = await t.track({
        title: `${x.word} ${i}`,
        genre: x.genre,
        moods: x.moods.join(','),
        sound_key: x.key,
        bpm: x.bpm,
        speed: x.speed,
        duration_sec: 30 + ((i * 37) % 200),
      });
      catalogue.push({ id, genre: x.genre, moods: x.moods, key: x.key, bpm: x.bpm, speed: x.speed });
    }
  });
  afterAll(() => t.close());

  const query = fc.record({
    g: fc.option(fc.constantFrom(...genreCodes, 200, 300), { nil: undefined }),
    moods: fc.uniqueArray(fc.constantFrom(...moodCodes), { maxLength: 2 }),
    soundKey: fc.option(fc.constantFrom(...SOUND_KEYS.map((k) => k.name)), { nil: undefined }),
    speed: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    bpmGte: fc.option(fc.integer({ min: 60, max: 120 }), { nil: undefined }),
    bpmLte: fc.option(fc.integer({ min: 121, max: 180 }), { nil: undefined }),
    sort: fc.constantFrom('id', 'title', 'bpm', 'duration', 'popularity'),
    dir: fc.constantFrom('asc', 'desc'),
    size: fc.integer({ min: 3, max: 17 }),
  });

  it('answers only matching tracks, exact totals, each match once across pages', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const params = new URLSearchParams();
        if (q.g !== undefined) params.set('g', String(q.g));
        for (const m of q.moods) params.append('moods', String(m));
        if (q.soundKey !== undefined) params.set('soundKey', q.soundKey);
        if (q.speed !== undefined) params.set('speed', String(q.speed));
        if (q.bpmGte !== undefined) params.set('bpmGte', String(q.bpmGte));
        if (q.bpmLte !== undefined) params.set('bpmLte', String(q.bpmLte));
        params.set('sort', `${q.sort},${q.dir}`);
        params.set('size', String(q.size));

        const expected = catalogue.filter(
          (c) =>
            (q.g === undefined || genresMatching(q.g).includes(c.genre)) &&
            q.moods.every((m) => c.moods.includes(m)) &&
            (q.soundKey === undefined || pitchClassOfKey(c.key) === pitchClassOfKey(q.soundKey)) &&
            (q.speed === undefined || c.speed === q.speed) &&
            (q.bpmGte === undefined || (c.bpm !== null && c.bpm >= q.bpmGte)) &&
            (q.bpmLte === undefined || (c.bpm !== null && c.bpm <= q.bpmLte)),
        );
        const seen: number[] = [];
        let totalPages = 1;
        for (let page = 0; page < totalPages; page++) {
          params.set('page', String(page));
          const res = await t.call({ method: 'GET', url: `/api/musics?${params}` });
          expect(res.statusCode).toBe(200);
          const body = res.json().body;
          expect(body.totalElements).toBe(expected.length);
          totalPages = body.totalPages;
          seen.push(...body.content.map((m: Music) => m.id));
        }
        expect(seen.length).toBe(expected.length);
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual(expected.map((c) => c.id).sort((a, b) => a - b));
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
