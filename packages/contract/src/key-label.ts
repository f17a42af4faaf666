import type { KeyMode } from './api';
import type { Lang } from './codes';

/** Japanese names the notes in イロハ: C=ハ, D=ニ, E=ホ, F=ヘ, G=ト, A=イ, B=ロ; ♯ is 嬰 and ♭ is 変. */
const JA_LETTER: Record<string, string> = { C: 'ハ', D: 'ニ', E: 'ホ', F: 'ヘ', G: 'ト', A: 'イ', B: 'ロ' };

/**
 * A key as a musician reads it in each language: 'A minor' / 'A 단조' / 'イ短調', 'B♭ major' / 'B♭ 장조' /
 * '変ロ長調'. Without a known mode only the tonic is shown ('A'); without a key, '-'.
 */
export function keyLabel(soundkey: string | null, mode: KeyMode | null, lang: Lang): string {
  if (!soundkey) return '-';
  if (!mode) return soundkey;
  if (lang === 'ja') {
    const letter = JA_LETTER[soundkey[0]!];
    if (!letter) return soundkey;
    const accidental = soundkey.includes('♯') ? '嬰' : soundkey.includes('♭') ? '変' : '';
    return `${accidental}${letter}${mode === 'major' ? '長調' : '短調'}`;
  }
  if (lang === 'ko') return `${soundkey} ${mode === 'major' ? '장조' : '단조'}`;
  return `${soundkey} ${mode}`;
}
