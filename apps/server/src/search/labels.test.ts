import { describe, expect, it } from 'vitest';
import {
  cjkLabelKeys,
  GENRE_GROUPS,
  GENRES,
  KEY_MODE_WORDS,
  MOOD_GROUPS,
  MOODS,
  parseSearchQuery,
  SPEEDS,
  type SearchTerm,
} from '@sori/contract';
import { labelKeys, resolveLabels } from './labels';

const term = (q: string): SearchTerm => parseSearchQuery(q).readings[0]!.at(-1)!;
const notLast = (q: string): SearchTerm => ({ ...term(q), last: false }) as SearchTerm;

describe('labels as words', () => {
  it('finds a label under its compact form and each of its words, in every language', () => {
    const bossa = GENRES.find((g) => g.code === 303)!;
    expect(labelKeys(bossa.labels).sort()).toEqual(['bossa', 'bossanova', 'nova', 'ぼさのば', '보사노바'].sort());
  });

  it('cuts forgiven CJK runs at exactly the CJK keys it finds labels under', () => {
    const mine = new Set<string>();
    const modes = [{ labels: KEY_MODE_WORDS.major }, { labels: KEY_MODE_WORDS.minor }];
    for (const item of [...GENRES, ...GENRE_GROUPS, ...MOODS, ...MOOD_GROUPS, ...SPEEDS, ...modes]) {
      for (const k of labelKeys(item.labels)) if (Array.from(k).length >= 2 && !/[a-z0-9]/u.test(k)) mine.add(k);
    }
    expect([...cjkLabelKeys()].sort()).toEqual([...mine].sort());
    for (const k of cjkLabelKeys()) {
      const codes = resolveLabels({ kind: 'cjk', text: k, last: false });
      expect(codes.genres.length + codes.moods.length + codes.speeds.length + codes.modes.length, k).toBeGreaterThan(0);
    }
  });

  it('resolves moods and genres by exact key', () => {
    expect(resolveLabels(notLast('잔잔한'))).toEqual({ genres: [], moods: [1302], speeds: [], modes: [] });
    expect(resolveLabels(notLast('calm')).moods).toEqual([1302]);
    expect(resolveLabels(notLast('落ち着いた')).moods).toEqual([1302]);
    expect(resolveLabels(notLast('lo-fi')).genres).toEqual([602]);
    expect(resolveLabels(notLast('로파이')).genres).toEqual([602]);
  });

  it("resolves a key's mode and a speed by the words the screens use for them, in every language", () => {
    for (const word of ['단조', '마이너', 'minor', '短調', 'マイナー']) expect(resolveLabels(notLast(word)).modes, word).toEqual(['minor']);
    for (const word of ['장조', '메이저', 'major', '長調', 'メジャー']) expect(resolveLabels(notLast(word)).modes, word).toEqual(['major']);
    // The speed filter's own names: the Japanese "Fast" is アップテンポ; 빠름 is in 빠름 and 매우 빠름.
    expect(resolveLabels(notLast('アップテンポ')).speeds).toEqual([3]);
    expect(resolveLabels(notLast('slow')).speeds).toEqual([1]);
    expect(resolveLabels(notLast('빠름')).speeds).toEqual([3, 4]);
    expect(resolveLabels(term('mino')).modes).toEqual(['minor']);
  });

  it('expands a group label to every member', () => {
    expect(resolveLabels(notLast('jazz')).genres).toEqual([301, 302, 303, 304, 305, 306, 307, 308]);
    expect(resolveLabels(notLast('sad')).moods).toEqual([1801, 1802, 1803, 1804]);
    // The comedy group, under each language's name for it, and the 코믹 슬픔 mood under its English one.
    expect(resolveLabels(notLast('comedy')).moods).toEqual(expect.arrayContaining([1501, 1502, 1510, 1511]));
    expect(resolveLabels(notLast('tragicomic')).moods).toEqual([1502]);
    expect(resolveLabels(notLast('슬픔')).moods).toEqual(expect.arrayContaining([1502]));
  });

  it('matches a prefix only for the last term and from two characters', () => {
    expect(resolveLabels(term('잔잔')).moods).toEqual([1302]);
    expect(resolveLabels(notLast('잔잔')).moods).toEqual([]);
    expect(resolveLabels(term('c'))).toEqual({ genres: [], moods: [], speeds: [], modes: [] });
    expect(resolveLabels(term('ca')).genres).toEqual([704]);
  });

  it('never resolves a 초성 term', () => {
    expect(resolveLabels(term('ㅈㅈㅎ'))).toEqual({ genres: [], moods: [], speeds: [], modes: [] });
  });
});
