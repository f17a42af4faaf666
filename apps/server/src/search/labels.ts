/**
 * Genre, mood and speed labels (ko/en/ja) and the key modes' words as searchable words of a track, resolved
 * at query time.
 *
 * Indexing label text per track would repeat the same few hundred words a million times; instead a query
 * term is looked up in this small dictionary and turns into genre and mood codes, whose per-code bitsets the
 * index already keeps for the filters.
 *
 * Keys of a label: its compact form ("lofi" for Lo-Fi, "bossanova" for Bossa Nova) and each of its words
 * ("bossa", "nova", "월드" and "효과음" for 월드·효과음). A term names a label when its compact text equals a
 * key, or, for the last term of the query (still being typed) of two characters or more, begins one
 * ("잔잔" → 잔잔한, "cal" → Calm; with its last Hangul syllable read as still being typed, "잔자" → 잔잔한 too).
 * A group label (genre N00, mood N00) stands for every member of the group.
 */
import {
  beginsAsTyped,
  compactNormalized,
  GENRE_GROUPS,
  GENRES,
  KEY_MODE_WORDS,
  LANGS,
  MOOD_GROUPS,
  MOODS,
  normalizeText,
  SPEEDS,
  typingReadings,
  type KeyMode,
  type Labels,
  type SearchTerm,
} from '@sori/contract';

export interface LabelCodes {
  genres: number[];
  moods: number[];
  speeds: number[];
  modes: KeyMode[];
}

interface Entry {
  genres: Set<number>;
  moods: Set<number>;
  speeds: Set<number>;
  modes: Set<KeyMode>;
}

/** Every key a label is found under. */
export function labelKeys(labels: Labels): string[] {
  const keys = new Set<string>();
  for (const lang of LANGS) {
    const norm = normalizeText(labels[lang]);
    const compact = compactNormalized(norm);
    if (compact !== '') keys.add(compact);
    for (const word of norm.split(/[ -]/u)) if (word !== '') keys.add(word);
  }
  return [...keys];
}

/** The compact text a term is compared with label keys by; null for terms that never name a label. */
export function termLabelText(term: SearchTerm): string | null {
  if (term.kind === 'choseong') return null;
  return term.kind === 'cjk' ? term.text : term.joined;
}

export const LABEL_PREFIX_MIN_LENGTH = 2;

class LabelDictionary {
  private readonly byKey = new Map<string, Entry>();
  private readonly sortedKeys: string[];

  constructor() {
    const entry = (key: string): Entry => {
      let e = this.byKey.get(key);
      if (!e) this.byKey.set(key, (e = { genres: new Set(), moods: new Set(), speeds: new Set(), modes: new Set() }));
      return e;
    };
    for (const g of GENRES) for (const k of labelKeys(g.labels)) entry(k).genres.add(g.code);
    for (const grp of GENRE_GROUPS) {
      const members = GENRES.filter((g) => g.group === grp.code).map((g) => g.code);
      for (const k of labelKeys(grp.labels)) for (const c of members) entry(k).genres.add(c);
    }
    for (const m of MOODS) for (const k of labelKeys(m.labels)) entry(k).moods.add(m.code);
    for (const grp of MOOD_GROUPS) {
      const members = MOODS.filter((m) => m.group === grp.code).map((m) => m.code);
      for (const k of labelKeys(grp.labels)) for (const c of members) entry(k).moods.add(c);
    }
    for (const sp of SPEEDS) for (const k of labelKeys(sp.labels)) entry(k).speeds.add(sp.value);
    for (const mode of ['major', 'minor'] as const) for (const k of labelKeys(KEY_MODE_WORDS[mode])) entry(k).modes.add(mode);
    this.sortedKeys = [...this.byKey.keys()].sort();
  }

  resolve(term: SearchTerm): LabelCodes {
    const text = termLabelText(term);
    const matched: Entry[] = [];
    if (text !== null && text !== '') {
      const exact = this.byKey.get(text);
      if (exact) matched.push(exact);
      if (term.kind !== 'choseong' && term.last && text.length >= LABEL_PREFIX_MIN_LENGTH) {
        let lo = 0;
        let hi = this.sortedKeys.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.sortedKeys[mid]! < text) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo; i < this.sortedKeys.length && this.sortedKeys[i]!.startsWith(text); i++) {
          matched.push(this.byKey.get(this.sortedKeys[i]!)!);
        }
        // A Hangul syllable still being typed begins a label too: 잔자 → 잔잔한 (hangul-typing.ts).
        if (term.kind === 'cjk') {
          for (const reading of typingReadings(text) ?? []) {
            for (const key of this.sortedKeys) if (beginsAsTyped(key, reading)) matched.push(this.byKey.get(key)!);
          }
        }
      }
    }
    const genres = new Set<number>();
    const moods = new Set<number>();
    const speeds = new Set<number>();
    const modes = new Set<KeyMode>();
    for (const e of matched) {
      for (const c of e.genres) genres.add(c);
      for (const c of e.moods) moods.add(c);
      for (const c of e.speeds) speeds.add(c);
      for (const c of e.modes) modes.add(c);
    }
    const sorted = (codes: Set<number>) => [...codes].sort((a, b) => a - b);
    return { genres: sorted(genres), moods: sorted(moods), speeds: sorted(speeds), modes: [...modes].sort() };
  }
}

let dictionary: LabelDictionary | null = null;

/** The genre, mood and speed codes and the key modes a query term names (all empty when it names none). */
export function resolveLabels(term: SearchTerm): LabelCodes {
  dictionary ??= new LabelDictionary();
  return dictionary.resolve(term);
}
