import { GENRES, MOODS, SOUND_KEYS, speedFromBpm } from '@sori/contract';

/**
 * A deterministic synthetic catalogue with realistic Korean, English and Japanese titles and artists,
 * every genre, mood, key, and BPMs and durations shaped like a real library. Used by the benchmarks.
 */

export interface GeneratedTrack {
  title: string;
  artist: string;
  genre: number;
  moods: number[];
  soundKey: string;
  bpm: number;
  speed: number;
  durationSec: number;
  playCount: number;
  likeCount: number;
  downloadCount: number;
}

/** mulberry32: small, fast, seedable. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KO_ADJ = ['잔잔한', '신나는', '따뜻한', '푸른', '슬픈', '행복한', '고요한', '눈부신', '그리운', '달콤한', '어두운', '빛나는', '설레는', '쓸쓸한', '포근한', '힘찬', '몽환적인', '귀여운'];
const KO_NOUN = ['바다', '아침', '사랑', '노래', '여름', '겨울', '하늘', '바람', '도시', '피아노', '기억', '꿈', '골목', '별빛', '여행', '카페', '숲', '강물', '새벽', '우주', '고양이', '소나기', '시간', '마음'];
const KO_TAIL = ['의 노래', '의 아침', ' 속으로', ' 이야기', '을 걷다', ' 한 잔', '의 끝', ' 산책', ' 왈츠', ' 행진곡', ''];
const EN_ADJ = ['Midnight', 'Golden', 'Quiet', 'Electric', 'Lonely', 'Happy', 'Neon', 'Gentle', 'Epic', 'Silver', 'Summer', 'Rainy', 'Lazy', 'Wild', 'Cosmic', 'Lo-fi', 'Velvet', 'Rising'];
const EN_NOUN = ['Coffee', 'Dreams', 'Road', 'Piano', 'Sunrise', 'Heart', 'City', 'Ocean', 'Drive', 'Garden', 'Waltz', 'Groove', 'Story', 'Morning', 'Echoes', 'Horizon', 'Steps', 'Lights'];
const EN_TAIL = ['', '', ' Part 2', ' (Acoustic)', ' Theme', ' at Dawn', ' in Seoul', ' Reprise', ' No. 3'];
const JA_A = ['夏の', '夜明けの', '桜の', '雨の', '星の', '風の', '海辺の', '静かな', '遠い', '優しい', '青い', '秋の'];
const JA_B = ['思い出', 'メロディー', '散歩道', 'さくら', 'ワルツ', 'カフェ', '約束', 'ひかり', '旅立ち', '子守唄', 'ダンス', '物語'];
const KO_FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신'];
const KO_GIVEN = ['소리', '하늘', '별', '다온', '서연', '민준', '지우', '하람', '윤슬', '나래', '보람', '새봄', '이안'];
const EN_BAND = ['The Groovers', 'Blue Note Trio', 'Northern Choir', 'Synth Rider', 'Mellow Kim', 'Atlas Orchestra', 'Paper Planes', 'Night Owls', 'Iron Gate', 'Sunday Club', 'Velvet Room', 'Lo Fi Lee'];
const JA_NAME = ['佐藤ゆう', '鈴木はな', '高橋レン', 'ピコピコ', '和音', '森のくま', '山田そら', '小林みお'];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export function* generateCatalogue(count: number, seed = 42): Generator<GeneratedTrack> {
  const r = rng(seed);
  for (let i = 0; i < count; i++) {
    const lang = r();
    let title: string;
    let artist: string;
    if (lang < 0.5) {
      title = `${pick(r, KO_ADJ)} ${pick(r, KO_NOUN)}${pick(r, KO_TAIL)}`;
      artist = r() < 0.7 ? `${pick(r, KO_FAMILY)}${pick(r, KO_GIVEN)}` : pick(r, EN_BAND);
    } else if (lang < 0.85) {
      title = `${pick(r, EN_ADJ)} ${pick(r, EN_NOUN)}${pick(r, EN_TAIL)}`;
      artist = pick(r, EN_BAND);
    } else {
      title = `${pick(r, JA_A)}${pick(r, JA_B)}`;
      artist = pick(r, JA_NAME);
    }
    const genre = pick(r, GENRES).code;
    const moodCount = 1 + Math.floor(r() * 3);
    const moods = new Set<number>();
    while (moods.size < moodCount) moods.add(pick(r, MOODS).code);
    // BPMs cluster around 90–130 like a real library, with slow and fast tails.
    const bpm = Math.round(Math.min(200, Math.max(55, 110 + (r() + r() + r() - 1.5) * 70)));
    // Popularity is long-tailed: a few tracks get most plays.
    const playCount = Math.floor(Math.pow(r(), 6) * 50_000);
    yield {
      title,
      artist,
      genre,
      moods: [...moods],
      soundKey: pick(r, SOUND_KEYS).name,
      bpm,
      speed: speedFromBpm(bpm),
      durationSec: Math.round(30 + r() * 270),
      playCount,
      likeCount: Math.floor(playCount * r() * 0.05),
      downloadCount: Math.floor(playCount * r() * 0.01),
    };
  }
}
