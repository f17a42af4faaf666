/**
 * The index against the brute-force oracle on random catalogues and random queries: same ids in the same
 * order and the same total, for both sort paths; paging covers every match once; writes leave the index
 * answering like a fresh build.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SORT_FIELDS } from '@sori/contract';
import { CatalogueIndex, type IndexedTrack, type IndexQuery } from './catalogue-index';
import { oracleOrder, oracleSearch } from '../../test/search/oracle';

const TITLE_PIECES = [
  '사랑',
  '노래',
  '의',
  '잔잔한',
  '피아노',
  '소나타',
  '봄',
  '랑',
  '나',
  'ㅅㄹ',
  '사랑의노래'.normalize('NFD'),
  'ピアノ',
  // Astral and extension-A ideographs take the string-keyed path of the index.
  'ぴあの',
  '森',
  '𠀋가',
  '\u3400',
  '랑의',
  '사랑 2 랑의',
  '노래a래',
  'lo',
  'fi',
  'lo-fi',
  'Lofi',
  'R.E.M.',
  'rem',
  'Piano',
  'pianist',
  'calm',
  'AC/DC',
  '2',
  'mp3',
  '12',
  ' ',
  ' ',
  ' ',
  '-',
  '·',
  '.',
  'Ｌｏ',
  // Diacritics folded (composed, decomposed, ß), and numbers read as a BPM too.
  'Café',
  'cafe\u0301',
  'Straße',
  'ø',
  '120',
  '90',
  'ピアノ',
  '골목',
  '고래',
  '와인',
];
const QUERY_PIECES = [
  ...TITLE_PIECES,
  // A last Hangul syllable still being typed (hangul-typing.ts): grown in place, or its final moved on.
  '골모',
  '골목ㄱ',
  '사랑ㅇ',
  '곪',
  '골',
  '오',
  '잔자',
  '사라',
  '노랠',
  '잔잔',
  '로파이',
  'jazz',
  '재즈',
  '발라드',
  'ㄴㄹ',
  'ㅅ',
  'ㄴ',
  '래',
  '사랑의',
  'pian',
  'pi',
  'p',
  'c',
  'so',
  'ㅅㄹㅇ',
  'ㄴㄹㄹ',
  '노래래',
  'lo fi',
  'bright',
  '밝은',
  'sad',
  'ac',
  'ca',
  'co',
  'b',
  's',
  'br',
  'エピ',
  '코믹',
  '슬',
  '슬픈',
  // Words no title holds, so that multi-word queries often need forgiving; queries with a BPM word.
  ' zzzz',
  ' 없는말',
  'calm 120',
  'cafe',
  'CAFÉ',
  'strasse',
  '60',
  '120 ',
  'piano 90',
  'ㅅㄹ zzzz',
  '穏やかなピアノ',
  '잔잔한피아노',
  '落ち着いたの',
  // Keys named with their mode (key-names.ts): the tracks are in C♯/D♭ or D, major or minor.
  'D minor',
  ' Dm',
  'C# major ',
  'db major',
  '라단조',
  '내림라장조 ',
  'ニ長調',
  'A minor',
];
const ARTISTS = [null, '김소리', 'Alex Park', '사랑 밴드', 'DJ Lo-Fi', 'ㅋㅋ'];

const text = (pieces: readonly string[], max: number) =>
  fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength: max }).map((xs) => xs.join(''));

const trackFields = fc.record({
  title: text(TITLE_PIECES, 5),
  artist: fc.constantFrom(...ARTISTS),
  genre: fc.constantFrom(null, 101, 202, 301, 302, 602, 703, 999),
  moods: fc.subarray([1101, 1102, 1302, 1801, 1501, 1502]),
  soundKey: fc.constantFrom(null, 'C♯', 'D♭', 'D', 'Db', 'x'),
  keyMode: fc.constantFrom(null, 'major' as const, 'minor' as const),
  // 120.3 and 0.1 do not fit a Float32: writing one moves that column to Float64 mid-test.
  bpm: fc.constantFrom(null, 60, 90, 90.5, 120, 120.3, -0, 0, 119.5, 89.6, 119.25, 120.75),
  speed: fc.constantFrom(null, 1, 2, 3),
  durationSec: fc.constantFrom(null, 10, 30, 200, 30.1),
  popularity: fc.constantFrom(0, 1, 5, 100, -0, 0.1),
  published: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
  ownerId: fc.constantFrom(null, 1, 2, 2 ** 25 + 1),
});

const catalogue = fc
  .uniqueArray(fc.integer({ min: 1, max: 80 }), { maxLength: 40 })
  .chain((ids) => fc.tuple(...ids.map((id) => trackFields.map((f): IndexedTrack => ({ id, ...f })))))
  .map((ts) => [...ts]);

/** Mostly the "no filter" value, so that text conditions are often what decides. */
const rarely = <T, N>(none: N, arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(none), weight: 3 }, { arbitrary: arb, weight: 1 });

const queryOf = (ids: readonly number[]) =>
  fc.record({
    q: fc.oneof(
      { arbitrary: fc.constant(null), weight: 1 },
      { arbitrary: fc.constantFrom(...QUERY_PIECES), weight: 3 },
      { arbitrary: text(QUERY_PIECES, 3), weight: 2 },
    ),
    genre: rarely(null, fc.constantFrom(300, 301, 600, 602, 999)),
    moods: rarely([], fc.subarray([1101, 1302, 1801], { minLength: 1, maxLength: 2 })),
    soundKey: rarely(null, fc.constantFrom('D♭', 'C#', 'D')),
    keyMode: rarely(null, fc.constantFrom('major' as const, 'minor' as const)),
    speed: rarely(null, fc.constantFrom(2, 3)),
    bpmGte: rarely(null, fc.constantFrom(0, 60, 90.5)),
    bpmLte: rarely(null, fc.constantFrom(90, 120, 120.3)),
    sort: fc.constantFrom(...SORT_FIELDS),
    dir: fc.constantFrom('asc' as const, 'desc' as const),
    offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 })),
    limit: fc.integer({ min: 0, max: 8 }),
    scope: fc.oneof(
      { arbitrary: fc.constant({ kind: 'catalogue' as const }), weight: 3 },
      { arbitrary: fc.constantFrom(1, 2, 3, 2 ** 25 + 1).map((ownerId) => ({ kind: 'owner' as const, ownerId })), weight: 1 },
      {
        arbitrary: fc
          .array(fc.oneof(fc.constantFrom(...(ids.length > 0 ? ids : [1])), fc.integer({ min: 1, max: 90 })), { maxLength: 12 })
          .map((list) => ({ kind: 'list' as const, ids: list })),
        weight: 1,
      },
    ),
    viewerId: fc.constantFrom(null, 1, 2, 2 ** 25 + 1),
  });

const withQueries = catalogue.chain((tracks) =>
  fc.tuple(fc.constant(tracks), fc.array(queryOf(tracks.map((t) => t.id)), { minLength: 1, maxLength: 8 })),
);

describe('CatalogueIndex against the oracle', () => {
  it('returns the oracle page and total for any query, on both sort paths', () => {
    fc.assert(
      fc.property(withQueries, ([tracks, queries]) => {
        const direct = CatalogueIndex.build(tracks, { directSortMax: Infinity });
        const walk = CatalogueIndex.build(tracks, { directSortMax: 0, bpmScanMax: 0, textCacheBytes: 0 });
        // The default options: the sort path chosen by cost estimate.
        const auto = CatalogueIndex.build(tracks);
        for (const q of queries) {
          const want = oracleSearch(tracks, q);
          // A text is matched directly when first seen, cached at the second sight and answered from the
          // cache at the third: all three agree with the oracle.
          for (let sight = 0; sight < 3; sight++) expect(direct.search(q)).toEqual(want);
          expect(walk.search(q)).toEqual(want);
          expect(auto.search(q)).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('pages over any sort return every match exactly once', () => {
    fc.assert(
      fc.property(withQueries, fc.integer({ min: 1, max: 5 }), ([tracks, queries], pageSize) => {
        const index = CatalogueIndex.build(tracks, { directSortMax: 3 });
        for (const base of queries) {
          const q = { ...base, offset: 0, limit: pageSize };
          const all = oracleOrder(tracks, q);
          const seen: number[] = [];
          for (let offset = 0; offset < all.length + pageSize; offset += pageSize) {
            const page = index.search({ ...q, offset });
            expect(page.total).toBe(all.length);
            seen.push(...page.ids);
          }
          expect(seen).toEqual(all);
          expect(new Set(seen).size).toBe(seen.length);
        }
      }),
      { numRuns: 150 },
    );
  });

  type Op =
    | { op: 'upsert'; track: IndexedTrack }
    | { op: 'remove'; id: number }
    | { op: 'popularity'; id: number; popularity: number }
    | { op: 'query'; q: IndexQuery };

  it('stays equal to a fresh build through upserts, removals and popularity changes', () => {
    const id = fc.integer({ min: 1, max: 90 });
    const ops = (ids: number[]) =>
      fc.array(
        fc.oneof(
          fc.record({ op: fc.constant('upsert' as const), track: fc.tuple(id, trackFields).map(([i, f]) => ({ id: i, ...f })) }),
          fc.record({ op: fc.constant('remove' as const), id: fc.oneof(id, fc.constantFrom(...(ids.length ? ids : [1]))) }),
          fc.record({
            op: fc.constant('popularity' as const),
            id: fc.constantFrom(...(ids.length ? ids : [1])),
            popularity: fc.constantFrom(0, 3, 5, 1000, 5.000001),
          }),
          queryOf(ids).map((q) => ({ op: 'query' as const, q })),
        ),
        { maxLength: 30 },
      );
    const scenario = catalogue.chain((tracks) =>
      fc.tuple(
        fc.constant(tracks),
        ops(tracks.map((t) => t.id)),
        fc.array(queryOf(tracks.map((t) => t.id)), { minLength: 1, maxLength: 6 }),
      ),
    );
    fc.assert(
      fc.property(scenario, ([initial, steps, finalQueries]) => {
        const index = CatalogueIndex.build(initial, { directSortMax: 0, bpmScanMax: 0 });
        // The other paths (places in the title order, value histograms, BPM per candidate) after writes too.
        const direct = CatalogueIndex.build(initial, { directSortMax: Infinity, bpmScanMax: Infinity });
        const state = new Map(initial.map((t) => [t.id, t]));
        for (const s of steps as Op[]) {
          if (s.op === 'upsert') {
            for (const i of [index, direct]) i.upsert(s.track);
            state.set(s.track.id, s.track);
          } else if (s.op === 'remove') {
            for (const i of [index, direct]) i.remove(s.id);
            state.delete(s.id);
          } else if (s.op === 'popularity') {
            for (const i of [index, direct]) i.setPopularity(s.id, s.popularity);
            const t = state.get(s.id);
            if (t) state.set(s.id, { ...t, popularity: s.popularity });
          } else {
            // Three sights: the last is answered from the text cache, which every write must keep true.
            const want = oracleSearch([...state.values()], s.q);
            for (let sight = 0; sight < 3; sight++) expect(index.search(s.q)).toEqual(want);
            expect(direct.search(s.q)).toEqual(want);
          }
        }
        const tracks = [...state.values()];
        // A generator in descending id order: the streaming build path, every insert out of order.
        const fresh = CatalogueIndex.build(
          (function* () {
            yield* [...tracks].sort((a, b) => b.id - a.id);
          })(),
          { directSortMax: 0, bpmScanMax: 0 },
        );
        expect(index.size).toBe(tracks.length);
        for (const t of tracks) expect(index.has(t.id)).toBe(true);
        for (const q of finalQueries) {
          const got = index.search(q);
          expect(got).toEqual(fresh.search(q));
          expect(got).toEqual(oracleSearch(tracks, q));
          expect(direct.search(q)).toEqual(got);
        }
      }),
      { numRuns: 200 },
    );
  });
});
