import { describe, expect, it } from 'vitest';
import { keyNamedIn } from './key-names';

const NAMES = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];
/** "A minor", "F♯ major" or null: what a text names, for readable expectations. */
const named = (text: string): string | null => {
  const k = keyNamedIn(text);
  return k === null ? null : `${NAMES[k.pitchClass]} ${k.mode}`;
};

describe('keyNamedIn', () => {
  it('reads a key as English-speaking musicians write it', () => {
    const cases: [string, string][] = [
      ['A minor', 'A minor'],
      ['a minor', 'A minor'],
      ['Am', 'A minor'],
      ['Amin', 'A minor'],
      ['C major', 'C major'],
      ['Cmaj', 'C major'],
      ['C-major', 'C major'],
      ['F# minor', 'F♯ minor'],
      ['F♯m', 'F♯ minor'],
      ['F sharp minor', 'F♯ minor'],
      ['F-sharp minor', 'F♯ minor'],
      ['Ｆ＃ minor', 'F♯ minor'],
      ['Bb major', 'B♭ major'],
      ['B♭ major', 'B♭ major'],
      ['B flat major', 'B♭ major'],
      ['Ebm', 'E♭ minor'],
      ['Bm', 'B minor'],
      ['B major', 'B major'],
      ['Cb major', 'B major'],
      ['E# minor', 'F minor'],
    ];
    for (const [text, want] of cases) expect([text, named(text)]).toEqual([text, want]);
  });

  it('reads Korean and Japanese key names, and a letter with their mode words', () => {
    const cases: [string, string][] = [
      ['가단조', 'A minor'],
      ['가 단조', 'A minor'],
      ['다장조', 'C major'],
      ['올림바단조', 'F♯ minor'],
      ['올림 바단조', 'F♯ minor'],
      ['내림나장조', 'B♭ major'],
      ['내림마장조', 'E♭ major'],
      ['A단조', 'A minor'],
      ['C# 장조', 'D♭ major'], // C♯ and D♭ are one pitch class,
      ['A 마이너', 'A minor'],
      ['イ短調', 'A minor'],
      ['ｲ短調', 'A minor'],
      ['い短調', 'A minor'],
      ['ハ長調', 'C major'],
      ['嬰ヘ短調', 'F♯ minor'],
      ['変ロ長調', 'B♭ major'],
      ['変ホ長調', 'E♭ major'],
      ['イ短調のピアノ曲', 'A minor'],
      ['Aマイナー', 'A minor'],
      ['C長調', 'C major'],
    ];
    for (const [text, want] of cases) expect([text, named(text)]).toEqual([text, want]);
  });

  it('keeps the other words, and says whether the name ended the text', () => {
    expect(keyNamedIn('sad piano in A minor')).toEqual({ pitchClass: 9, mode: 'minor', rest: 'sad piano in', atEnd: true });
    expect(keyNamedIn('A minor pia')).toEqual({ pitchClass: 9, mode: 'minor', rest: 'pia', atEnd: false });
    expect(keyNamedIn('잔잔한 가단조 피아노')).toMatchObject({ pitchClass: 9, mode: 'minor', rest: '잔잔한   피아노', atEnd: false });
    expect(keyNamedIn('Cm and D major')).toMatchObject({ pitchClass: 0, mode: 'minor', rest: 'and d major' });
  });

  it('reads no key where there is none', () => {
    for (const text of [
      'a',
      'b',
      'minor',
      '단조',
      '短調',
      'piano',
      'Cmaj7',
      'amazing',
      'H minor',
      'Gmail',
      'drama',
      '가장 조용한',
      '가장조용한 밤',
      '노래가단조롭다',
      '단조로운 피아노',
      'カハ長調',
      'Am7',
      '',
    ])
      expect([text, keyNamedIn(text)]).toEqual([text, null]);
  });
});
