import type { i18n as I18n } from 'i18next';

/**
 * Korean particles chosen by the sound a word ends in ('플레이리스트를', '노래를'), instead of writing both
 * ('을(를)'). Hangul syllables and digits are read exactly; a Latin word by how Korean speakers say its
 * ending (l and -le end in ㄹ; m, n, ng, ck in another consonant); anything else (an emoji, punctuation only) gets both forms.
 */
export type ParticlePair = '을/를' | '이/가' | '은/는' | '과/와' | '으로/로';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant ㄹ's index among Hangul finals. */
const RIEUL = 8;
/** Final consonants of the digits as read in Sino-Korean (영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구): 0 none, RIEUL ㄹ, -1 another. */
const DIGIT_FINALS = [-1, RIEUL, 0, -1, 0, 0, -1, RIEUL, RIEUL, 0];

/** The final consonant of a word's last sound: 0 none, RIEUL, -1 another, null when it cannot be told. */
function finalOf(word: string): number | null {
  // Accents do not change how a Latin word ends when said in Korean (Café 카페).
  const letters = word.replace(/[\u00c0-\u024f]/gu, (c) => c.normalize('NFD').replace(/\p{M}/gu, '')).replace(/[^\p{L}\p{N}]+$/u, '');
  const last = letters.at(-1);
  if (last === undefined) return null;
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 || final === RIEUL ? final : -1;
  }
  if (/\d/u.test(last)) return DIGIT_FINALS[Number(last)]!;
  if (/[a-z]/iu.test(last)) {
    const tail = letters.toLowerCase();
    // A final l, also before a silent e (Battle 배틀, Bubble 버블, Smile 스마일).
    if (/le?$/u.test(tail)) return RIEUL;
    // m or n, also before a silent e (Home 홈, Sunshine 선샤인).
    if (/(?:m|n|ng|ck|[aeiou][mn]e)$/u.test(tail)) return -1;
    // p or b after one short vowel is said as a final ㅂ (Pop 팝, Hip-Hop 힙합, Club 클럽); after a long vowel
    // it is a syllable of its own (Loop 루프).
    if (/(?:^|[^aeiou])[aeiou][pb]$/u.test(tail)) return -1;
    return 0;
  }
  return null;
}

/** The particle of `pair` that follows `word`. */
export function particle(word: string, pair: ParticlePair): string {
  const [withFinal, withoutFinal] = pair.split('/') as [string, string];
  const final = finalOf(word);
  if (final === null) return `${withFinal}(${withoutFinal})`;
  // 으로 after a consonant other than ㄹ; 로 after a vowel or ㄹ.
  if (pair === '으로/로') return final === -1 ? withFinal : withoutFinal;
  return final === 0 ? withoutFinal : withFinal;
}

/** Formats usable in translations: "“{{title}}”{{title, eul}}" reads '“노래”를' or '“봄밤”을'. */
export const PARTICLE_FORMATS: Readonly<Record<string, ParticlePair>> = {
  eul: '을/를',
  i: '이/가',
  eun: '은/는',
  gwa: '과/와',
  euro: '으로/로',
};

/** Adds the particle formats to an i18next instance (after its init has begun). */
export function addKoreanParticles(instance: I18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  for (const [name, pair] of Object.entries(PARTICLE_FORMATS)) {
    formatter.add(name, (value: unknown) => particle(String(value), pair));
  }
}

/** Joins a list the way the language writes it: '、' in Japanese, ', ' otherwise. */
export function joinList(items: readonly string[], lang: string): string {
  return items.join(lang.startsWith('ja') ? '、' : ', ');
}

/** What goes between two sentences: nothing in Japanese (after 。), a space otherwise. */
export function sentenceGap(lang: string): string {
  return lang.startsWith('ja') ? '' : ' ';
}

/** Joins sentences the way the language writes them (`sentenceGap`). */
export function joinSentences(sentences: readonly string[], lang: string): string {
  return sentences.join(sentenceGap(lang));
}
