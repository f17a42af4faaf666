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

/** How each language says a sharp or a flat aloud. */
const SPOKEN_ACCIDENTALS: Record<Exclude<Lang, 'ja'>, { sharp: string; flat: string }> = {
  en: { sharp: '-sharp', flat: '-flat' },
  ko: { sharp: '샵', flat: '플랫' },
};

/**
 * A key as a screen reader should say it: 'B-flat minor', 'B플랫 단조', '変ロ短調' ('B♭m' on screen is read as
 * "B m" or "B music flat sign m"). Without a mode, the tonic alone ('F-sharp', 'F샵', '嬰ヘ'); without a key, ''.
 */
export function spokenKeyLabel(soundkey: string | null, mode: KeyMode | null, lang: Lang): string {
  if (!soundkey) return '';
  const letter = soundkey[0]!;
  const sharp = soundkey.includes('♯');
  const flat = soundkey.includes('♭');
  if (lang === 'ja') {
    const tonic = `${sharp ? '嬰' : flat ? '変' : ''}${JA_LETTER[letter] ?? letter}`;
    return mode ? `${tonic}${mode === 'major' ? '長調' : '短調'}` : tonic;
  }
  const said = SPOKEN_ACCIDENTALS[lang];
  const tonic = `${letter}${sharp ? said.sharp : flat ? said.flat : ''}`;
  if (!mode) return tonic;
  return lang === 'ko' ? `${tonic} ${mode === 'major' ? '장조' : '단조'}` : `${tonic} ${mode}`;
}
