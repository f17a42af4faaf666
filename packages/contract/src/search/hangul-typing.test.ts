import { describe, expect, it } from 'vitest';
import { beginsAsTyped, finalMove, initialIndexOf, syllableGrowth, syllablesWithInitial, typingReadings } from './hangul-typing';

describe('a Hangul syllable still being typed', () => {
  it('grows in place: any final on an open syllable, a second vowel, a double final', () => {
    const mo = syllableGrowth('모');
    expect(mo[0]).toBe('모');
    expect(mo).toEqual(expect.arrayContaining(['목', '몬', '뫄', '뫅', '뫠', '뫼', '묌']));
    expect(mo).toHaveLength(4 * 28);
    expect(mo).not.toContain('무');
    expect(syllableGrowth('갈')).toEqual(['갈', '갉', '갊', '갋', '갌', '갍', '갎', '갏']);
    expect(syllableGrowth('갑')).toEqual(['갑', '값']);
    expect(syllableGrowth('강')).toEqual(['강']);
    expect(syllableGrowth('a')).toEqual([]);
  });

  it('moves a final (or a double final’s second part) to the next syllable', () => {
    expect(finalMove('산')).toEqual({ rest: '사', initial: initialIndexOf('나') });
    expect(finalMove('곪')).toEqual({ rest: '골', initial: initialIndexOf('모') });
    expect(finalMove('값')).toEqual({ rest: '갑', initial: initialIndexOf('시') });
    expect(finalMove('갔')).toEqual({ rest: '가', initial: initialIndexOf('써') });
    expect(finalMove('가')).toBeNull();
    expect(syllablesWithInitial(initialIndexOf('나'))).toHaveLength(588);
    expect(syllablesWithInitial(initialIndexOf('나')).every((ch) => initialIndexOf(ch) === initialIndexOf('나'))).toBe(true);
  });

  it('reads a term as its prefix then one allowed character; not one syllable alone, nor a term ending otherwise', () => {
    const readings = typingReadings('골목')!;
    expect(readings.map((r) => r.prefix)).toEqual(['골', '골모']);
    expect(readings[0]!.next('목')).toBe(true);
    expect(readings[0]!.next('몫')).toBe(true);
    expect(readings[1]!.next('가')).toBe(true);
    expect(readings[1]!.next('나')).toBe(false);
    // A lone consonant after a syllable begins the next one; after anything else it is no reading.
    const begun = typingReadings('골목ㄱ')!;
    expect(begun.map((r) => r.prefix)).toEqual(['골목']);
    expect(begun[0]!.next('길')).toBe(true);
    expect(begun[0]!.next('이')).toBe(false);
    expect(typingReadings('ピアノㄱ')).toBeNull();
    expect(typingReadings('골')).toBeNull();
    expect(typingReadings('사랑a')).toBeNull();
    expect(typingReadings('ピアノ')).toBeNull();
  });

  it('tells whether a text begins as a reading continues', () => {
    const [grow, moved] = typingReadings('산채')!;
    expect(beginsAsTyped('산책하는피아노', grow!)).toBe(true);
    expect(beginsAsTyped('산채', grow!)).toBe(true);
    expect(beginsAsTyped('산', grow!)).toBe(false);
    expect(beginsAsTyped('피아노산책', grow!)).toBe(false);
    expect(beginsAsTyped('산초', grow!)).toBe(false);
    expect(moved).toBeUndefined();
    const [, movedOn] = typingReadings('사낭')!;
    expect(beginsAsTyped('사나운바람', movedOn!)).toBe(true);
    expect(beginsAsTyped('사나이', movedOn!)).toBe(true);
    expect(beginsAsTyped('사나', movedOn!)).toBe(false);
  });
});
