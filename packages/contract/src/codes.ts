/**
 * The catalogue's controlled vocabularies (PRODUCT §3): genres with their groups, moods with their
 * groups, the 17 keys offered and the four speeds, each labelled in Korean, English and Japanese.
 * Labels are also searchable words of a track (a search for 잔잔한 finds calm tracks).
 */

export type Lang = 'ko' | 'en' | 'ja';
export const LANGS: readonly Lang[] = ['ko', 'en', 'ja'];
export type Labels = Readonly<Record<Lang, string>>;

export interface Code {
  readonly code: number;
  readonly group: number;
  readonly labels: Labels;
}
export interface CodeGroup {
  readonly code: number;
  readonly labels: Labels;
}

const l = (ko: string, en: string, ja: string): Labels => ({ ko, en, ja });

/** Genre groups: a group code N00 matches every genre of that group (DECISIONS 7). */
export const GENRE_GROUPS: readonly CodeGroup[] = [
  { code: 100, labels: l('코믹', 'Comic', 'コミカル') },
  { code: 200, labels: l('오케스트라', 'Orchestral', 'オーケストラ') },
  { code: 300, labels: l('재즈', 'Jazz', 'ジャズ') },
  { code: 400, labels: l('록', 'Rock', 'ロック') },
  { code: 500, labels: l('EDM', 'EDM', 'EDM') },
  { code: 600, labels: l('힙합', 'Hip-Hop', 'ヒップホップ') },
  { code: 700, labels: l('팝', 'Pop', 'ポップ') },
  { code: 800, labels: l('월드·효과음', 'World & FX', 'ワールド・効果音') },
];

export const GENRES: readonly Code[] = [
  { code: 101, group: 100, labels: l('코믹', 'Comic', 'コミカル') },
  { code: 201, group: 200, labels: l('오케스트라', 'Orchestra', 'オーケストラ') },
  { code: 202, group: 200, labels: l('에픽', 'Epic', 'エピック') },
  { code: 203, group: 200, labels: l('시네마틱', 'Cinematic', 'シネマティック') },
  { code: 204, group: 200, labels: l('앰비언트', 'Ambient', 'アンビエント') },
  { code: 205, group: 200, labels: l('블록버스터', 'Blockbuster', 'ブロックバスター') },
  { code: 301, group: 300, labels: l('재즈', 'Jazz', 'ジャズ') },
  { code: 302, group: 300, labels: l('스윙', 'Swing', 'スウィング') },
  { code: 303, group: 300, labels: l('보사노바', 'Bossa Nova', 'ボサノバ') },
  { code: 304, group: 300, labels: l('왈츠', 'Waltz', 'ワルツ') },
  { code: 305, group: 300, labels: l('라틴', 'Latin', 'ラテン') },
  { code: 306, group: 300, labels: l('삼바', 'Samba', 'サンバ') },
  { code: 307, group: 300, labels: l('탱고', 'Tango', 'タンゴ') },
  { code: 308, group: 300, labels: l('레게', 'Reggae', 'レゲエ') },
  { code: 401, group: 400, labels: l('록', 'Rock', 'ロック') },
  { code: 402, group: 400, labels: l('메탈', 'Metal', 'メタル') },
  { code: 403, group: 400, labels: l('펑크', 'Funk', 'ファンク') },
  { code: 404, group: 400, labels: l('포크', 'Folk', 'フォーク') },
  { code: 405, group: 400, labels: l('컨트리', 'Country', 'カントリー') },
  { code: 406, group: 400, labels: l('블루스', 'Blues', 'ブルース') },
  { code: 501, group: 500, labels: l('EDM', 'EDM', 'EDM') },
  { code: 502, group: 500, labels: l('하우스', 'House', 'ハウス') },
  { code: 503, group: 500, labels: l('트랩', 'Trap', 'トラップ') },
  { code: 504, group: 500, labels: l('덥스텝', 'Dubstep', 'ダブステップ') },
  { code: 505, group: 500, labels: l('테크노', 'Techno', 'テクノ') },
  { code: 506, group: 500, labels: l('디스코', 'Disco', 'ディスコ') },
  { code: 507, group: 500, labels: l('퓨처 베이스', 'Future Bass', 'フューチャーベース') },
  { code: 508, group: 500, labels: l('게임 음악', 'Game Music', 'ゲーム音楽') },
  { code: 509, group: 500, labels: l('레트로', 'Retro', 'レトロ') },
  { code: 510, group: 500, labels: l('댄스', 'Dance', 'ダンス') },
  { code: 601, group: 600, labels: l('힙합', 'Hip-Hop', 'ヒップホップ') },
  { code: 602, group: 600, labels: l('로파이', 'Lo-Fi', 'ローファイ') },
  { code: 603, group: 600, labels: l('네오 소울', 'Neo Soul', 'ネオソウル') },
  { code: 604, group: 600, labels: l('소울', 'Soul', 'ソウル') },
  { code: 705, group: 700, labels: l('팝', 'Pop', 'ポップ') },
  { code: 701, group: 700, labels: l('뉴에이지', 'New Age', 'ニューエイジ') },
  { code: 702, group: 700, labels: l('어쿠스틱', 'Acoustic', 'アコースティック') },
  { code: 703, group: 700, labels: l('발라드', 'Ballad', 'バラード') },
  { code: 704, group: 700, labels: l('캐럴', 'Carol', 'キャロル') },
  { code: 706, group: 700, labels: l('트로트', 'Trot', 'トロット') },
  { code: 801, group: 800, labels: l('월드 뮤직', 'World Music', 'ワールドミュージック') },
  { code: 802, group: 800, labels: l('효과음', 'Sound Effects', '効果音') },
];

export const MOOD_GROUPS: readonly CodeGroup[] = [
  { code: 1100, labels: l('밝은', 'Bright', '明るい') },
  { code: 1200, labels: l('신나는', 'Exciting', 'ワクワク') },
  { code: 1300, labels: l('여유로운', 'Relaxed', 'リラックス') },
  { code: 1400, labels: l('감성적인', 'Emotional', 'エモーショナル') },
  { code: 1500, labels: l('코믹', 'Comedy', 'コミカル') },
  { code: 1600, labels: l('액션', 'Action', 'アクション') },
  { code: 1700, labels: l('웅장한', 'Grand', '壮大') },
  { code: 1800, labels: l('슬픈', 'Sad', '悲しい') },
  { code: 1900, labels: l('긴장감', 'Tension', '緊張感') },
  { code: 2000, labels: l('기타', 'Other', 'その他') },
  { code: 2100, labels: l('보통', 'Neutral', 'ノーマル') },
];

export const MOODS: readonly Code[] = [
  { code: 1101, group: 1100, labels: l('밝은', 'Bright', '明るい') },
  { code: 1102, group: 1100, labels: l('평화로운', 'Peaceful', '穏やか') },
  { code: 1103, group: 1100, labels: l('귀여운', 'Cute', 'かわいい') },
  { code: 1104, group: 1100, labels: l('사랑스러운', 'Lovely', '愛らしい') },
  { code: 1105, group: 1100, labels: l('환상적인', 'Magical', 'ファンタジー') },
  { code: 1106, group: 1100, labels: l('모험적인', 'Adventurous', '冒険') },
  { code: 1201, group: 1200, labels: l('신나는', 'Exciting', 'ワクワク') },
  { code: 1202, group: 1200, labels: l('그루브', 'Groovy', 'グルーヴィー') },
  { code: 1203, group: 1200, labels: l('파워풀한', 'Powerful', 'パワフル') },
  { code: 1301, group: 1300, labels: l('여유로운', 'Relaxed', 'リラックス') },
  { code: 1302, group: 1300, labels: l('잔잔한', 'Calm', '落ち着いた') },
  { code: 1303, group: 1300, labels: l('하와이안', 'Hawaiian', 'ハワイアン') },
  { code: 1304, group: 1300, labels: l('순수한', 'Pure', 'ピュア') },
  { code: 1305, group: 1300, labels: l('섹시한', 'Sexy', 'セクシー') },
  { code: 1401, group: 1400, labels: l('감성적인', 'Emotional', 'エモーショナル') },
  { code: 1402, group: 1400, labels: l('감동적인', 'Touching', '感動的') },
  { code: 1403, group: 1400, labels: l('희망찬', 'Hopeful', '希望に満ちた') },
  { code: 1404, group: 1400, labels: l('아름다운', 'Beautiful', '美しい') },
  { code: 1405, group: 1400, labels: l('로맨틱한', 'Romantic', 'ロマンチック') },
  { code: 1406, group: 1400, labels: l('몽환적인', 'Dreamy', '幻想的') },
  { code: 1501, group: 1500, labels: l('웃긴', 'Funny', 'おもしろい') },
  { code: 1502, group: 1500, labels: l('코믹 슬픔', 'Tragicomic', 'コミカル・悲しみ') },
  { code: 1503, group: 1500, labels: l('코믹 긴장', 'Comic Suspense', 'コミカル・緊張') },
  { code: 1504, group: 1500, labels: l('코믹 궁상', 'Hapless', 'コミカル・みじめ') },
  { code: 1505, group: 1500, labels: l('코믹 바보', 'Goofy', 'コミカル・おバカ') },
  { code: 1506, group: 1500, labels: l('코믹 황당', 'Absurd', 'コミカル・シュール') },
  { code: 1507, group: 1500, labels: l('애니메이션', 'Animation', 'アニメ') },
  { code: 1508, group: 1500, labels: l('코믹 도망', 'Comic Getaway', 'コミカル・逃走') },
  { code: 1509, group: 1500, labels: l('코믹 추격', 'Comic Chase', 'コミカル・追跡') },
  { code: 1510, group: 1500, labels: l('코믹 스파이', 'Spy Caper', 'コミカル・スパイ') },
  { code: 1511, group: 1500, labels: l('살금살금', 'Sneaky', 'こっそり') },
  { code: 1601, group: 1600, labels: l('액션', 'Action', 'アクション') },
  { code: 1602, group: 1600, labels: l('미스터리', 'Mystery', 'ミステリー') },
  { code: 1603, group: 1600, labels: l('추리', 'Detective', '推理') },
  { code: 1604, group: 1600, labels: l('부드러운', 'Gentle', 'やさしい') },
  { code: 1605, group: 1600, labels: l('웨스턴', 'Western', 'ウエスタン') },
  { code: 1606, group: 1600, labels: l('추격', 'Chase', '追跡') },
  { code: 1607, group: 1600, labels: l('벅차오르는', 'Uplifting', '高揚感') },
  { code: 1701, group: 1700, labels: l('웅장한', 'Grand', '壮大') },
  { code: 1702, group: 1700, labels: l('영웅적인', 'Heroic', 'ヒロイック') },
  { code: 1703, group: 1700, labels: l('성스러운', 'Holy', '神聖') },
  { code: 1801, group: 1800, labels: l('슬픈', 'Sad', '悲しい') },
  { code: 1802, group: 1800, labels: l('우울한', 'Gloomy', '憂うつ') },
  { code: 1803, group: 1800, labels: l('외로운', 'Lonely', '寂しい') },
  { code: 1804, group: 1800, labels: l('그리운', 'Longing', '懐かしい') },
  { code: 1901, group: 1900, labels: l('긴장감', 'Tension', '緊張感') },
  { code: 1902, group: 1900, labels: l('어두운', 'Dark', 'ダーク') },
  { code: 1903, group: 1900, labels: l('무서운', 'Scary', '怖い') },
  { code: 1904, group: 1900, labels: l('으스스한', 'Spooky', '不気味') },
  { code: 1905, group: 1900, labels: l('진지한', 'Serious', 'シリアス') },
  { code: 2001, group: 2000, labels: l('기타', 'Other', 'その他') },
  { code: 2002, group: 2000, labels: l('월드 뮤직', 'World Music', 'ワールドミュージック') },
  { code: 2003, group: 2000, labels: l('한국풍', 'Korean', '韓国風') },
  { code: 2004, group: 2000, labels: l('일본풍', 'Japanese', '和風') },
  { code: 2005, group: 2000, labels: l('중국풍', 'Chinese', '中華風') },
  { code: 2006, group: 2000, labels: l('동남아풍', 'Southeast Asian', '東南アジア風') },
  { code: 2007, group: 2000, labels: l('할로윈', 'Halloween', 'ハロウィン') },
  { code: 2008, group: 2000, labels: l('보컬', 'Vocal', 'ボーカル') },
  { code: 2101, group: 2100, labels: l('보통', 'Neutral', 'ノーマル') },
];

/** The 17 keys offered, in the order the filter shows them (flat, sharp, natural). */
export type KeyGroup = 'flat' | 'sharp' | 'natural';
export interface SoundKey {
  readonly name: string;
  readonly group: KeyGroup;
  /** Pitch class 0 (C) to 11 (B). Enharmonic keys (C♯/D♭) share one and match each other in filters. */
  readonly pitchClass: number;
}
export const SOUND_KEYS: readonly SoundKey[] = [
  { name: 'D♭', group: 'flat', pitchClass: 1 },
  { name: 'E♭', group: 'flat', pitchClass: 3 },
  { name: 'G♭', group: 'flat', pitchClass: 6 },
  { name: 'A♭', group: 'flat', pitchClass: 8 },
  { name: 'B♭', group: 'flat', pitchClass: 10 },
  { name: 'C♯', group: 'sharp', pitchClass: 1 },
  { name: 'D♯', group: 'sharp', pitchClass: 3 },
  { name: 'F♯', group: 'sharp', pitchClass: 6 },
  { name: 'G♯', group: 'sharp', pitchClass: 8 },
  { name: 'A♯', group: 'sharp', pitchClass: 10 },
  { name: 'C', group: 'natural', pitchClass: 0 },
  { name: 'D', group: 'natural', pitchClass: 2 },
  { name: 'E', group: 'natural', pitchClass: 4 },
  { name: 'F', group: 'natural', pitchClass: 5 },
  { name: 'G', group: 'natural', pitchClass: 7 },
  { name: 'A', group: 'natural', pitchClass: 9 },
  { name: 'B', group: 'natural', pitchClass: 11 },
];

/** The spelling used when a key is estimated from audio: the one musicians most often write. */
export const KEY_NAME_BY_PITCH_CLASS: readonly string[] = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];

/**
 * Reads a key as people type it: 'Db', 'db', 'C#', 'c♯', 'D♭' → the offered name, or null.
 */
export function parseSoundKey(input: string): string | null {
  const s = input.trim().normalize('NFC');
  if (!s) return null;
  const m = /^([A-Ga-g])\s*(#|♯|b|♭)?$/u.exec(s);
  if (!m) return null;
  const letter = m[1]!.toUpperCase();
  const acc = m[2] === '#' || m[2] === '♯' ? '♯' : m[2] === 'b' || m[2] === '♭' ? '♭' : '';
  const name = letter + acc;
  return SOUND_KEYS.some((k) => k.name === name) ? name : null;
}

export function pitchClassOfKey(name: string): number | null {
  return SOUND_KEYS.find((k) => k.name === name)?.pitchClass ?? null;
}

export interface Speed {
  readonly value: 1 | 2 | 3 | 4;
  readonly labels: Labels;
  /** Inclusive lower BPM bound of the bucket; speed is suggested from BPM with these. */
  readonly minBpm: number;
}
export const SPEEDS: readonly Speed[] = [
  { value: 1, labels: l('느림', 'Slow', 'スロー'), minBpm: 0 },
  { value: 2, labels: l('보통', 'Medium', 'ミディアム'), minBpm: 80 },
  { value: 3, labels: l('빠름', 'Fast', 'アップテンポ'), minBpm: 110 },
  { value: 4, labels: l('매우 빠름', 'Very fast', 'ハイテンポ'), minBpm: 140 },
];

/**
 * The words a search takes for a key's mode ("단조" finds the tracks in a minor key), as label words are
 * taken: each word of each language, and the last word typed as a beginning.
 */
export const KEY_MODE_WORDS: Readonly<Record<'major' | 'minor', Labels>> = {
  major: l('장조 메이저', 'major', '長調 メジャー'),
  minor: l('단조 마이너', 'minor', '短調 マイナー'),
};

/** The speed bucket a tempo falls in (slow < 80 ≤ medium < 110 ≤ fast < 140 ≤ fastest). */
export function speedFromBpm(bpm: number): 1 | 2 | 3 | 4 {
  let v: 1 | 2 | 3 | 4 = 1;
  for (const s of SPEEDS) if (bpm >= s.minBpm) v = s.value;
  return v;
}

const genreByCode = new Map(GENRES.map((g) => [g.code, g]));
const moodByCode = new Map(MOODS.map((m) => [m.code, m]));
const genreGroupCodes = new Set(GENRE_GROUPS.map((g) => g.code));

export const isGenreCode = (c: number): boolean => genreByCode.has(c);
export const isGenreGroupCode = (c: number): boolean => genreGroupCodes.has(c);
export const isMoodCode = (c: number): boolean => moodByCode.has(c);
export const genreOf = (c: number): Code | undefined => genreByCode.get(c);
export const moodOf = (c: number): Code | undefined => moodByCode.get(c);

/** The genre codes a filter value stands for: a genre itself, or every genre of a group code N00. */
export function genresMatching(filter: number): number[] {
  if (genreByCode.has(filter)) return [filter];
  if (genreGroupCodes.has(filter)) return GENRES.filter((g) => g.group === filter).map((g) => g.code);
  return [];
}
