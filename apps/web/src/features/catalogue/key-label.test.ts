import { describe, expect, it } from 'vitest';
import { keyLabel } from './key-label';

describe('keyLabel', () => {
  it('names the key with its mode in each language', () => {
    expect(keyLabel('A', 'minor', 'en')).toBe('A minor');
    expect(keyLabel('A', 'minor', 'ko')).toBe('A 단조');
    expect(keyLabel('A', 'minor', 'ja')).toBe('イ短調');
    expect(keyLabel('A', 'major', 'en')).toBe('A major');
    expect(keyLabel('A', 'major', 'ko')).toBe('A 장조');
    expect(keyLabel('A', 'major', 'ja')).toBe('イ長調');
  });

  it('spells sharps and flats the Japanese way (嬰/変 with イロハ names)', () => {
    expect(keyLabel('F♯', 'minor', 'ja')).toBe('嬰ヘ短調');
    expect(keyLabel('B♭', 'major', 'ja')).toBe('変ロ長調');
    expect(keyLabel('C', 'major', 'ja')).toBe('ハ長調');
    expect(keyLabel('E♭', 'minor', 'ja')).toBe('変ホ短調');
  });

  it('shows the tonic alone when the mode is unknown, and a dash without a key', () => {
    expect(keyLabel('D♭', null, 'ja')).toBe('D♭');
    expect(keyLabel(null, 'minor', 'en')).toBe('-');
  });
});
