/**
 * The search benchmarks' mix of real-looking queries (bench/load.ts, bench/scale.ts): each call draws one at
 * random, with the worst cases well represented. The same seed gives the same sequence.
 */
import { GENRE_GROUPS, GENRES, MOODS, SOUND_KEYS } from '@sori/contract';
import { mulberry32 } from '../apps/server/src/lib/random';

const WORDS = [
  '사랑',
  '바다',
  '아침',
  '잔잔한',
  '피아노',
  '여름',
  '카페',
  '노래',
  '잔잔한피아노',
  '신나는 여행',
  'ㅅㄹ',
  'ㅂㄷ',
  '사',
  '바',
  'coffee',
  'midnight',
  'piano',
  'lofi',
  'lo-fi',
  'drea',
  'golden road',
  'calm',
  'epic',
  '夏の',
  'さくら',
  'メロディー',
  '落ち着いた',
  'jazz',
  '힙합',
  'summer',
];
const SORTS = ['id,desc', 'title,asc', 'bpm,asc', 'bpm,desc', 'duration,desc', 'popularity,desc'];
/** A function that answers the next query's path (`/api/musics?…`) each time it is called. */
export function queryMix(seed: number): () => string {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  return function randomQuery(): string {
    const p = new URLSearchParams();
    const kind = r();
    if (kind < 0.3) {
      // Worst case: broad text + several moods + a BPM range, sorted by a non-relevance field, deep page.
      p.set('q', pick(['사', '바', 'the', '사랑', 'golden', 'ㅅ', '夏']));
      for (let i = 0; i < 2 + Math.floor(r() * 2); i++) p.append('moods', String(pick(MOODS).code));
      // BPM ranges as people set them: common tempo bands, and now and then any range at all.
      const lo = r() < 0.8 ? pick([60, 70, 80, 90, 100, 110, 120]) : 50 + Math.floor(r() * 100);
      p.set('bpmGte', String(lo));
      p.set('bpmLte', String(lo + (r() < 0.8 ? pick([20, 30, 40, 60]) : 5 + Math.floor(r() * 80))));
      p.set('sort', pick(SORTS));
      p.set('page', String(Math.floor(r() * 50)));
    } else if (kind < 0.55) {
      p.set('q', pick(WORDS));
      if (r() < 0.3) p.set('g', String(pick(GENRE_GROUPS).code));
      if (r() < 0.5) p.set('sort', pick(SORTS));
    } else if (kind < 0.8) {
      // Browsing with filters only, often deep.
      if (r() < 0.6) p.set('g', String(r() < 0.5 ? pick(GENRE_GROUPS).code : pick(GENRES).code));
      if (r() < 0.5) p.append('moods', String(pick(MOODS).code));
      if (r() < 0.3) p.set('soundKey', pick(SOUND_KEYS).name);
      if (r() < 0.3) p.set('speed', String(1 + Math.floor(r() * 4)));
      p.set('sort', pick(SORTS));
      p.set('page', String(Math.floor(r() * 200)));
    } else {
      // The landing list: newest first, a deep page now and then.
      p.set('page', String(r() < 0.8 ? 0 : Math.floor(r() * 2000)));
      p.set('sort', 'id');
      p.append('sort', 'desc');
    }
    return `/api/musics?${p.toString()}`;
  };
}
