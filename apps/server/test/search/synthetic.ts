/**
 * Deterministic synthetic catalogue: realistic Korean, English and Japanese titles, artists drawn from a
 * pool (artists repeat across tracks, as in a real library), skewed genres and clustered moods (so that
 * several moods together still select many tracks), BPM with matching speed, some nulls everywhere a
 * column allows one. The search tests check the index against `oracle.ts` on these; `bench/measure-index.ts`
 * measures the index on them; `generateCatalogue` below is the benchmarks' database catalogue. One seeded
 * random (`src/lib/random.ts`) for all of them.
 */
import { GENRES, MOODS, SOUND_KEYS, speedFromBpm } from '@sori/contract';
import type { IndexedTrack } from '../../src/search/catalogue-index';
import { mulberry32, type Rng } from '../../src/lib/random';

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
/** Index in [0, n) with a Zipf-like skew: the first entries are much more common. */
const skewed = (rng: Rng, n: number, power = 2): number => Math.min(n - 1, Math.floor(n * rng() ** power));

const KO_NOUNS = [
  '사랑',
  '노래',
  '피아노',
  '봄날',
  '바람',
  '하늘',
  '그리움',
  '추억',
  '밤',
  '별',
  '꿈',
  '여름',
  '겨울',
  '눈',
  '비',
  '길',
  '바다',
  '우리',
  '마음',
  '시간',
  '기억',
  '이별',
  '행복',
  '설렘',
  '아침',
  '저녁',
  '햇살',
  '숲',
  '산책',
  '카페',
  '오후',
  '소나타',
  '왈츠',
  '행진곡',
  '자장가',
  '축제',
  '모험',
  '여행',
  '도시',
  '골목',
  '첫사랑',
  '고백',
  '약속',
  '편지',
  '향기',
  '노을',
  '달빛',
  '새벽',
  '빗소리',
  '파도',
  '구름',
  '정원',
  '꽃',
  '나비',
  '게임',
  '전투',
  '승리',
  '영웅',
  '비밀',
  '미소',
  '눈물',
  '안녕',
  '고양이',
  '강아지',
  '기차',
  '등대',
  '우주',
  '시계',
  '창문',
  '골목길',
  '소풍',
  '첫눈',
  '서울',
  '부산',
  '제주',
  '한강',
  '놀이터',
  '운동회',
  '할머니',
  '친구',
  '주인공',
  '마법',
  '왕국',
  '해적',
  '공주',
  '기사',
];
const KO_ADJECTIVES = [
  '잔잔한',
  '신나는',
  '슬픈',
  '따뜻한',
  '조용한',
  '밝은',
  '푸른',
  '작은',
  '오래된',
  '새로운',
  '아름다운',
  '행복한',
  '쓸쓸한',
  '달콤한',
  '차가운',
  '뜨거운',
  '수상한',
  '귀여운',
  '웅장한',
  '몽환적인',
  '느린',
  '빠른',
  '어두운',
  '하얀',
];
const KO_SUFFIXES = ['', '', '', '', ' (Inst.)', ' 2', ' Part 1', ' Part 2', ' Remix', ' Ver.', ' (피아노 버전)', ' 테마'];

const EN_NOUNS = [
  'love',
  'song',
  'piano',
  'night',
  'summer',
  'rain',
  'dream',
  'city',
  'light',
  'morning',
  'coffee',
  'walk',
  'beats',
  'jazz',
  'waltz',
  'sonata',
  'journey',
  'hero',
  'battle',
  'memory',
  'sunset',
  'ocean',
  'forest',
  'star',
  'moon',
  'heart',
  'road',
  'home',
  'garden',
  'river',
  'window',
  'train',
  'letter',
  'secret',
  'kingdom',
  'castle',
  'dance',
  'party',
  'holiday',
  'winter',
  'spring',
  'autumn',
  'snow',
  'fire',
  'sky',
  'cloud',
  'wave',
  'island',
  'street',
  'café',
  'lullaby',
  'anthem',
  'theme',
  'chase',
  'escape',
  'mystery',
  'adventure',
  'festival',
  'parade',
  'circus',
];
const EN_ADJECTIVES = [
  'calm',
  'happy',
  'blue',
  'golden',
  'quiet',
  'little',
  'lonely',
  'bright',
  'dark',
  'epic',
  'gentle',
  'sweet',
  'lazy',
  'funky',
  'dreamy',
  'electric',
  'midnight',
  'sunny',
  'rainy',
  'silent',
  'wild',
  'lost',
  'last',
  'first',
];
const EN_PATTERNS: ((r: Rng) => string)[] = [
  (r) => `${cap(pick(r, EN_ADJECTIVES))} ${cap(pick(r, EN_NOUNS))}`,
  (r) => `The ${cap(pick(r, EN_NOUNS))} of ${cap(pick(r, EN_NOUNS))}`,
  (r) => `${cap(pick(r, EN_NOUNS))} ${cap(pick(r, EN_NOUNS))}`,
  (r) => `Lo-Fi ${cap(pick(r, EN_NOUNS))} ${cap(pick(r, EN_NOUNS))}`,
  (r) => `${cap(pick(r, EN_NOUNS))} No. ${1 + Math.floor(r() * 30)}`,
  (r) => `${cap(pick(r, EN_ADJECTIVES))} ${cap(pick(r, EN_NOUNS))} (Remix)`,
  (r) => `${cap(pick(r, EN_NOUNS))} in the ${cap(pick(r, EN_NOUNS))}`,
  (r) => `${cap(pick(r, EN_ADJECTIVES))} ${cap(pick(r, EN_ADJECTIVES))} ${cap(pick(r, EN_NOUNS))}`,
];
const JA_WORDS = [
  '桜',
  '夜空',
  '夏祭り',
  '雨上がり',
  '月明かり',
  '風',
  'ピアノ',
  'メロディー',
  'さくら',
  'ひかり',
  '夢',
  '旅立ち',
  '東京',
  '海辺',
  '青空',
  '花火',
  '放課後',
  '約束',
  '想い出',
  '星空',
  '子守唄',
  '冒険',
  '勇者',
  '魔法',
  '森',
  '街角',
  'カフェ',
  'ワルツ',
  'ソナタ',
  '朝焼け',
  '夕暮れ',
  '雪',
  '春風',
  '君',
  '僕ら',
  '未来',
  '奇跡',
  '物語',
];
const JA_PATTERNS: ((r: Rng) => string)[] = [
  (r) => `${pick(r, JA_WORDS)}の${pick(r, JA_WORDS)}`,
  (r) => `${pick(r, JA_WORDS)}${pick(r, JA_WORDS)}`,
  (r) => `${pick(r, JA_WORDS)}と${pick(r, JA_WORDS)}`,
  (r) => `${pick(r, JA_WORDS)}`,
];
const KO_PATTERNS: ((r: Rng) => string)[] = [
  (r) => `${pick(r, KO_ADJECTIVES)} ${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_NOUNS)}의 ${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_NOUNS)}의${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_NOUNS)} ${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_ADJECTIVES)}${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_ADJECTIVES)} ${pick(r, KO_NOUNS)}의 ${pick(r, KO_NOUNS)}`,
  (r) => `${pick(r, KO_NOUNS)}, 그리고 ${pick(r, KO_NOUNS)}`,
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export type TitleLanguage = 'ko' | 'en' | 'ja';

/** A plausible track title; language drawn 50% Korean, 35% English, 15% Japanese unless given. */
export function syntheticTitle(rng: Rng, language?: TitleLanguage): string {
  const x = rng();
  const lang = language ?? (x < 0.5 ? 'ko' : x < 0.85 ? 'en' : 'ja');
  if (lang === 'ko') return pick(rng, KO_PATTERNS)(rng) + pick(rng, KO_SUFFIXES);
  if (lang === 'en') return pick(rng, EN_PATTERNS)(rng);
  return pick(rng, JA_PATTERNS)(rng);
}

const KO_SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const KO_GIVEN = ['민준', '서연', '지우', '하은', '도윤', '지호', '수아', '예준', '유진', '하늘', '소리', '다온', '시우', '은비'];
const EN_FIRST = ['Alex', 'Sam', 'Jamie', 'Chris', 'Taylor', 'Jordan', 'Morgan', 'Casey', 'Riley', 'Quinn'];
const EN_LAST = ['Park', 'Lee', 'Smith', 'Brown', 'Garcia', 'Kim', 'Wilson', 'Moore', 'Clark', 'Lewis'];

/** A plausible artist name (Korean names, English names, "DJ …" and "The … Band" styles). */
export function syntheticArtist(rng: Rng): string {
  const x = rng();
  if (x < 0.45) return pick(rng, KO_SURNAMES) + pick(rng, KO_GIVEN);
  if (x < 0.75) return `${pick(rng, EN_FIRST)} ${pick(rng, EN_LAST)}`;
  if (x < 0.85) return `DJ ${cap(pick(rng, EN_NOUNS))}`;
  if (x < 0.95) return `The ${cap(pick(rng, EN_ADJECTIVES))} ${cap(pick(rng, EN_NOUNS))}s`;
  return `${pick(rng, KO_ADJECTIVES)} ${pick(rng, KO_NOUNS)} 밴드`;
}

/** Mood clusters: a track takes most of its moods from one cluster, so moods co-occur as in real tagging. */
export const MOOD_CLUSTERS: readonly (readonly number[])[] = [
  [1302, 1301, 1102, 1404, 1604],
  [1201, 1101, 1202, 1203, 1403],
  [1401, 1402, 1406, 1405, 1804],
  [1801, 1802, 1803, 1804, 1406],
  [1501, 1507, 1103, 1511, 1505],
  [1601, 1606, 1701, 1702, 1901],
  [1901, 1902, 1903, 1602, 1905],
];

export interface SyntheticOptions {
  seed?: number;
  /** Distinct artists (default: one per 50 tracks, at least 10). */
  artists?: number;
  /** Distinct owners (default: one per 500 tracks, at least 5). */
  owners?: number;
  /** Id of the first track (ids are consecutive). */
  firstId?: number;
}

/** `count` tracks with ids firstId, firstId+1, …; deterministic for a given seed. */
export function syntheticTracks(count: number, options: SyntheticOptions = {}): IndexedTrack[] {
  const rng = mulberry32(options.seed ?? 1);
  const artistCount = options.artists ?? Math.max(10, Math.floor(count / 50));
  const ownerCount = options.owners ?? Math.max(5, Math.floor(count / 500));
  const artistRng = mulberry32((options.seed ?? 1) ^ 0x9e3779b9);
  const artists = Array.from({ length: artistCount }, () => syntheticArtist(artistRng));
  const firstId = options.firstId ?? 1;
  const tracks: IndexedTrack[] = [];
  for (let i = 0; i < count; i++) tracks.push(syntheticTrack(firstId + i, rng, artists, ownerCount));
  return tracks;
}

/** One synthetic track drawing from the given artist pool and owner ids 1..ownerCount. */
export function syntheticTrack(id: number, rng: Rng, artists: readonly string[], ownerCount: number): IndexedTrack {
  const cluster = MOOD_CLUSTERS[skewed(rng, MOOD_CLUSTERS.length, 1.5)]!;
  const moods = new Set<number>();
  const moodCount = 1 + Math.floor(rng() * 4);
  for (let k = 0; k < moodCount; k++) moods.add(rng() < 0.85 ? cluster[skewed(rng, cluster.length, 1.3)]! : pick(rng, MOODS).code);
  const bpm = rng() < 0.9 ? Math.round(60 + rng() * 120 + (rng() < 0.2 ? 0.5 : 0)) : null;
  const track: IndexedTrack = {
    id,
    title: syntheticTitle(rng),
    artist: rng() < 0.97 ? artists[skewed(rng, artists.length, 1.6)]! : null,
    genre: rng() < 0.97 ? GENRES[skewed(rng, GENRES.length, 1.8)]!.code : null,
    moods: [...moods],
    soundKey: rng() < 0.8 ? pick(rng, SOUND_KEYS).name : null,
    keyMode: null,
    bpm,
    speed: bpm === null ? null : speedFromBpm(bpm),
    durationSec: rng() < 0.95 ? 30 + Math.floor(rng() * 370) : null,
    popularity: Math.floor(1000 * rng() ** 4),
    published: rng() < 0.95,
    ownerId: rng() < 0.9 ? 1 + Math.floor(rng() * ownerCount) : null,
  };
  // The mode from the id, not from the generator: the tracks drawn before modes existed stay as they were.
  if (track.soundKey !== null) track.keyMode = id % 5 < 3 ? 'major' : 'minor';
  return track;
}

// ---- The benchmarks' database catalogue ---------------------------------------------------------------------

/**
 * The catalogue the benchmarks load into a database (`bench/generate.ts`): rows with play, like and download
 * counts, every genre, mood and key, BPMs and durations shaped like a real library, long-tailed popularity.
 * Its own word lists and draws, unchanged since the first budgets were measured on it, so that results stay
 * comparable across sessions.
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

const KO_ADJ = [
  '잔잔한',
  '신나는',
  '따뜻한',
  '푸른',
  '슬픈',
  '행복한',
  '고요한',
  '눈부신',
  '그리운',
  '달콤한',
  '어두운',
  '빛나는',
  '설레는',
  '쓸쓸한',
  '포근한',
  '힘찬',
  '몽환적인',
  '귀여운',
];
const KO_NOUN = [
  '바다',
  '아침',
  '사랑',
  '노래',
  '여름',
  '겨울',
  '하늘',
  '바람',
  '도시',
  '피아노',
  '기억',
  '꿈',
  '골목',
  '별빛',
  '여행',
  '카페',
  '숲',
  '강물',
  '새벽',
  '우주',
  '고양이',
  '소나기',
  '시간',
  '마음',
];
const KO_TAIL = ['의 노래', '의 아침', ' 속으로', ' 이야기', '을 걷다', ' 한 잔', '의 끝', ' 산책', ' 왈츠', ' 행진곡', ''];
const EN_ADJ = [
  'Midnight',
  'Golden',
  'Quiet',
  'Electric',
  'Lonely',
  'Happy',
  'Neon',
  'Gentle',
  'Epic',
  'Silver',
  'Summer',
  'Rainy',
  'Lazy',
  'Wild',
  'Cosmic',
  'Lo-fi',
  'Velvet',
  'Rising',
];
const EN_NOUN = [
  'Coffee',
  'Dreams',
  'Road',
  'Piano',
  'Sunrise',
  'Heart',
  'City',
  'Ocean',
  'Drive',
  'Garden',
  'Waltz',
  'Groove',
  'Story',
  'Morning',
  'Echoes',
  'Horizon',
  'Steps',
  'Lights',
];
const EN_TAIL = ['', '', ' Part 2', ' (Acoustic)', ' Theme', ' at Dawn', ' in Seoul', ' Reprise', ' No. 3'];
const JA_A = ['夏の', '夜明けの', '桜の', '雨の', '星の', '風の', '海辺の', '静かな', '遠い', '優しい', '青い', '秋の'];
const JA_B = ['思い出', 'メロディー', '散歩道', 'さくら', 'ワルツ', 'カフェ', '約束', 'ひかり', '旅立ち', '子守唄', 'ダンス', '物語'];
const KO_FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신'];
const DB_KO_GIVEN = ['소리', '하늘', '별', '다온', '서연', '민준', '지우', '하람', '윤슬', '나래', '보람', '새봄', '이안'];
const EN_BAND = [
  'The Groovers',
  'Blue Note Trio',
  'Northern Choir',
  'Synth Rider',
  'Mellow Kim',
  'Atlas Orchestra',
  'Paper Planes',
  'Night Owls',
  'Iron Gate',
  'Sunday Club',
  'Velvet Room',
  'Lo Fi Lee',
];
const JA_NAME = ['佐藤ゆう', '鈴木はな', '高橋レン', 'ピコピコ', '和音', '森のくま', '山田そら', '小林みお'];

export function* generateCatalogue(count: number, seed = 42): Generator<GeneratedTrack> {
  const r = mulberry32(seed);
  for (let i = 0; i < count; i++) {
    const lang = r();
    let title: string;
    let artist: string;
    if (lang < 0.5) {
      title = `${pick(r, KO_ADJ)} ${pick(r, KO_NOUN)}${pick(r, KO_TAIL)}`;
      artist = r() < 0.7 ? `${pick(r, KO_FAMILY)}${pick(r, DB_KO_GIVEN)}` : pick(r, EN_BAND);
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
