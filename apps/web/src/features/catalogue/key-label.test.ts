import { describe, expect, it } from 'vitest';
import { keyLabel, spokenKeyLabel } from './key-label';

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

describe('spokenKeyLabel', () => {
  it('says sharps and flats as words, for a screen reader', () => {
    expect(spokenKeyLabel('B♭', 'minor', 'en')).toBe('B-flat minor');
    expect(spokenKeyLabel('F♯', 'major', 'en')).toBe('F-sharp major');
    expect(spokenKeyLabel('B♭', 'minor', 'ko')).toBe('B플랫 단조');
    expect(spokenKeyLabel('F♯', 'major', 'ko')).toBe('F샵 장조');
    expect(spokenKeyLabel('B♭', 'minor', 'ja')).toBe('変ロ短調');
    expect(spokenKeyLabel('A', 'minor', 'ko')).toBe('A 단조');
  });

  it('says the tonic alone without a mode, and nothing without a key', () => {
    expect(spokenKeyLabel('F♯', null, 'en')).toBe('F-sharp');
    expect(spokenKeyLabel('F♯', null, 'ja')).toBe('嬰ヘ');
    expect(spokenKeyLabel(null, 'major', 'ko')).toBe('');
  });
});
