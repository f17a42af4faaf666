import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedTrack, type IndexQuery } from './catalogue-index';
import { indexQuery, oracleSearch } from '../../test/search/oracle';

let nextId = 1;
function track(p: Partial<IndexedTrack> & { title: string }): IndexedTrack {
  return {
    id: nextId++,
    artist: null,
    genre: null,
    moods: [],
    soundKey: null,
    keyMode: null,
    bpm: null,
    speed: null,
    durationSec: null,
    popularity: 0,
    published: true,
    ownerId: null,
    ...p,
  };
}

function query(p: Partial<IndexQuery> = {}): IndexQuery {
  return indexQuery({ limit: 100, ...p });
}

/** Builds both ways (direct sort and sorted-order walk) and checks each against the oracle too. */
function indexes(tracks: IndexedTrack[]) {
  const direct = CatalogueIndex.build(tracks, { directSortMax: Infinity });
  const walk = CatalogueIndex.build(tracks, { directSortMax: 0, bpmScanMax: 0 });
  const search = (p: Partial<IndexQuery>) => {
    const q = query(p);
    const a = direct.search(q);
    expect(walk.search(q)).toEqual(a);
    expect(a).toEqual(oracleSearch(tracks, q));
    return a;
  };
  const titles = (p: Partial<IndexQuery>): string[] => search(p).ids.map((id) => tracks.find((t) => t.id === id)!.title);
  return { search, titles, direct };
}

describe('text matching', () => {
  it('finds a 2-syllable word inside a Hangul word (the trigram trap)', () => {
    const { titles } = indexes([track({ title: '사랑의노래' }), track({ title: '노래방' }), track({ title: '역사 이야기' })]);
    expect(titles({ q: '사랑' })).toEqual(['사랑의노래']);
    expect(titles({ q: '역사' })).toEqual(['역사 이야기']);
    expect(titles({ q: '노래' }).sort()).toEqual(['노래방', '사랑의노래']);
  });

  it('matches decomposed (NFD) Hangul in either the title or the query', () => {
    const { titles } = indexes([track({ title: '사랑의노래'.normalize('NFD') }), track({ title: '이별' })]);
    expect(titles({ q: '사랑' })).toEqual([expect.stringContaining('')]);
    expect(titles({ q: '노래'.normalize('NFD') })).toHaveLength(1);
  });

  it('ignores spaces inside a Hangul run, both ways', () => {
    const { titles } = indexes([track({ title: '잔잔한 피아노' }), track({ title: '잔잔한피아노 2' }), track({ title: '피아노 잔잔한' })]);
    expect(titles({ q: '잔잔한피아노' }).sort()).toEqual(['잔잔한 피아노', '잔잔한피아노 2']);
    expect(titles({ q: '잔잔한 피아노' }).sort()).toEqual(['잔잔한 피아노', '잔잔한피아노 2', '피아노 잔잔한']);
  });

  it('matches one character anywhere in a run, including the last one and one-character titles', () => {
    const { titles } = indexes([
      track({ title: '사랑의노래' }),
      track({ title: '봄' }),
      track({ title: '봄날' }),
      track({ title: '여름' }),
    ]);
    expect(titles({ q: '래' })).toEqual(['사랑의노래']);
    expect(titles({ q: '의' })).toEqual(['사랑의노래']);
    expect(titles({ q: '봄' }).sort()).toEqual(['봄', '봄날']);
    expect(titles({ q: '름' })).toEqual(['여름']);
  });

  it('reads the last Hangul syllable as still being typed (a pause mid-syllable: 골모 on the way to 골목)', () => {
    const { titles } = indexes([
      track({ title: '골목길' }),
      track({ title: '뒷 골목' }),
      track({ title: '골드 러시' }),
      track({ title: '고래의 꿈' }),
      track({ title: '사나운 바람' }),
      track({ title: '보라 외투' }),
      track({ title: '사나 Love' }),
    ]);
    // In place: a final added (모 → 목), a vowel grown (오 → 외).
    expect(titles({ q: '골모' }).sort()).toEqual(['골목길', '뒷 골목']);
    expect(titles({ q: '보라오' })).toEqual(['보라 외투']);
    // Moved on: the final starts the next syllable (곪 → 골모…, 낭 → 나우…), inside one run only.
    expect(titles({ q: '뒷곪' })).toEqual(['뒷 골목']);
    expect(titles({ q: '사낭' })).toEqual(['사나운 바람']);
    // Begun: a consonant after a syllable it cannot join starts the next one (골목ㄱ → 골목길).
    expect(titles({ q: '골목ㄱ' })).toEqual(['골목길']);
    expect(titles({ q: '사나ㅇ' })).toEqual(['사나운 바람']);
    // One syllable alone is matched as typed (it is in most titles anyway).
    expect(titles({ q: '골' }).sort()).toEqual(['골드 러시', '골목길', '뒷 골목']);
    // Only the last term is still being typed: an earlier 골모 is read as typed, so only 바람 is found
    // (the query forgiven, nothing matching both).
    expect(titles({ q: '골모 바람' })).toEqual(['사나운 바람']);
    expect(titles({ q: '뒷 골모' })).toEqual(['뒷 골목']);
    expect(titles({ q: '사나운 바' })).toEqual(['사나운 바람']);
  });

  it('requires three or more characters to be consecutive in one run', () => {
    const { titles } = indexes([track({ title: '사랑의 노래' }), track({ title: '사랑 love 랑의' }), track({ title: '랑의사랑' })]);
    expect(titles({ q: '사랑의' })).toEqual(['사랑의 노래']);
  });

  it('folds katakana and hiragana, full and half width', () => {
    const { titles } = indexes([track({ title: 'ピアノの森' }), track({ title: 'ｻｸﾗ' }), track({ title: 'Ｐｉａｎｏ Ｍａｎ' })]);
    expect(titles({ q: 'ぴあの' })).toEqual(['ピアノの森']);
    expect(titles({ q: 'サクラ' })).toEqual(['ｻｸﾗ']);
    expect(titles({ q: 'piano man' })).toEqual(['Ｐｉａｎｏ Ｍａｎ']);
  });

  it('answers 초성 queries', () => {
    const { titles } = indexes([
      track({ title: '사랑' }),
      track({ title: '사랑의노래' }),
      track({ title: '소리' }),
      track({ title: '노래' }),
      track({ title: '나비' }),
      track({ title: '사랑 2 랑의' }),
    ]);
    expect(titles({ q: 'ㅅㄹ' }).sort()).toEqual(['사랑', '사랑 2 랑의', '사랑의노래', '소리']);
    expect(titles({ q: 'ㄴㄹ' }).sort()).toEqual(['노래', '사랑의노래']);
    expect(titles({ q: 'ㅅㄹㅇ' })).toEqual(['사랑의노래']);
    expect(titles({ q: 'ㄴ' }).sort()).toEqual(['나비', '노래', '사랑의노래']);
    expect(titles({ q: 'ㅅㄹ ㄴㄹ' })).toEqual(['사랑의노래']);
  });

  it('matches Latin words, the last one as a prefix', () => {
    const { titles } = indexes([
      track({ title: 'Piano Sonata' }),
      track({ title: 'Pianist' }),
      track({ title: 'Sonata for piano' }),
      track({ title: 'Opiano' }),
    ]);
    expect(titles({ q: 'pian' }).sort()).toEqual(['Pianist', 'Piano Sonata', 'Sonata for piano']);
    expect(titles({ q: 'piano son' }).sort()).toEqual(['Piano Sonata', 'Sonata for piano']);
    // Every word must match while some track matches them all; 'pian' (not last) is no word of any title,
    // so the query is forgiven and finds the tracks matching 'sonata' (see 'search that forgives').
    expect(titles({ q: 'pian sonata' }).sort()).toEqual(['Piano Sonata', 'Sonata for piano']);
  });

  it('tolerates punctuation: lo-fi = lofi, R.E.M. = rem, AC/DC = acdc', () => {
    const { titles } = indexes([
      track({ title: 'Lo-Fi Night' }),
      track({ title: 'lofi morning' }),
      track({ title: 'Lo Fi Rain' }),
      track({ title: 'R.E.M. Sleep' }),
      track({ title: 'AC/DC Tribute' }),
    ]);
    expect(titles({ q: 'lofi' }).sort()).toEqual(['Lo Fi Rain', 'Lo-Fi Night', 'lofi morning']);
    expect(titles({ q: 'lo-fi' }).sort()).toEqual(['Lo Fi Rain', 'Lo-Fi Night', 'lofi morning']);
    expect(titles({ q: 'lo fi' }).sort()).toEqual(['Lo Fi Rain', 'Lo-Fi Night', 'lofi morning']);
    expect(titles({ q: 'rem' })).toEqual(['R.E.M. Sleep']);
    expect(titles({ q: 'r.e.m' })).toEqual(['R.E.M. Sleep']);
    expect(titles({ q: 'acdc' })).toEqual(['AC/DC Tribute']);
    expect(titles({ q: 'ac/dc' })).toEqual(['AC/DC Tribute']);
  });

  it('treats digits as words', () => {
    const { titles } = indexes([
      track({ title: 'Track 2' }),
      track({ title: 'Track 12' }),
      track({ title: 'mp3 player' }),
      track({ title: '봄 2' }),
    ]);
    expect(titles({ q: 'track 2' })).toEqual(['Track 2']);
    expect(titles({ q: '2' }).sort()).toEqual(['Track 2', '봄 2']);
    expect(titles({ q: 'mp3' })).toEqual(['mp3 player']);
    expect(titles({ q: 'mp 3' })).toEqual(['mp3 player']);
  });

  it('searches the artist too', () => {
    const { titles } = indexes([track({ title: 'Morning', artist: '김소리' }), track({ title: 'Evening', artist: 'Alex Park' })]);
    expect(titles({ q: '소리' })).toEqual(['Morning']);
    expect(titles({ q: 'park' })).toEqual(['Evening']);
    expect(titles({ q: 'ㄱㅅㄹ' })).toEqual(['Morning']);
  });

  it('a query with nothing searchable does not restrict', () => {
    const { search } = indexes([track({ title: 'a' }), track({ title: 'b' })]);
    expect(search({ q: '?!' }).total).toBe(2);
  });
});

describe('genre and mood labels as words', () => {
  const tracks = [
    track({ title: '피아노 소나타', moods: [1302] }),
    track({ title: '잔잔한피아노' }),
    track({ title: 'Beat Tape', genre: 602 }),
    track({ title: 'Swing Time', genre: 302 }),
    track({ title: 'Plain' }),
  ];
  const { titles } = indexes(tracks);

  it('finds calm tracks by 잔잔한, calm and 落ち着いた', () => {
    expect(titles({ q: '잔잔한' }).sort()).toEqual(['잔잔한피아노', '피아노 소나타']);
    expect(titles({ q: 'calm' })).toEqual(['피아노 소나타']);
    expect(titles({ q: '落ち着いた' })).toEqual(['피아노 소나타']);
    expect(titles({ q: '잔잔' }).sort()).toEqual(['잔잔한피아노', '피아노 소나타']);
    // Its last syllable still being typed (잔자 on the way to 잔잔).
    expect(titles({ q: '잔자' }).sort()).toEqual(['잔잔한피아노', '피아노 소나타']);
  });

  it('finds Lo-Fi tracks by lofi, lo-fi and 로파이', () => {
    for (const q of ['lofi', 'lo-fi', '로파이', 'ローファイ']) expect(titles({ q })).toEqual(['Beat Tape']);
  });

  it('a group label stands for every genre of the group', () => {
    expect(titles({ q: '재즈' })).toEqual(['Swing Time']);
    expect(titles({ q: 'jazz' })).toEqual(['Swing Time']);
  });

  it('multi-word: every word must match, in title, artist or labels; and the joined reading too', () => {
    expect(titles({ q: '잔잔한 피아노' }).sort()).toEqual(['잔잔한피아노', '피아노 소나타']);
    expect(titles({ q: 'calm 소나타' })).toEqual(['피아노 소나타']);
    expect(titles({ q: 'calm 피아노' })).toEqual(['피아노 소나타']);
    // No track is both: forgiven, the title match ranks above the label match.
    expect(titles({ q: 'calm beat', sort: 'relevance' })).toEqual(['Beat Tape', '피아노 소나타']);
  });
});

describe('search that forgives', () => {
  it('finds a title with diacritics typed without them, and the other way round', () => {
    const { titles } = indexes([
      track({ title: 'Blue Lagoon Café' }),
      track({ title: 'Cafe\u0301 Noir'.normalize('NFD') }),
      track({ title: 'Straße 5' }),
      track({ title: 'Última Noche', artist: 'Orquesta Sombra' }),
      track({ title: '카페 모퉁이에서' }),
      track({ title: 'がっこう' }),
    ]);
    expect(titles({ q: 'cafe' }).sort()).toEqual(['Blue Lagoon Café', 'Cafe\u0301 Noir'.normalize('NFD')]);
    expect(titles({ q: 'CAFÉ' }).sort()).toEqual(['Blue Lagoon Café', 'Cafe\u0301 Noir'.normalize('NFD')]);
    expect(titles({ q: 'strasse' })).toEqual(['Straße 5']);
    expect(titles({ q: 'ultima' })).toEqual(['Última Noche']);
    // Hangul and kana keep their own rules: a syllable is never taken apart, a dakuten never dropped.
    expect(titles({ q: '카페' })).toEqual(['카페 모퉁이에서']);
    expect(titles({ q: 'ㅋㅍ' })).toEqual(['카페 모퉁이에서']);
    expect(titles({ q: 'がっこう' })).toEqual(['がっこう']);
    expect(titles({ q: 'かっこう' })).toEqual([]);
  });

  it('reads a bare number from 40 to 250 as a BPM too, below the titles holding it', () => {
    const tracks = [
      track({ title: 'Track 120', bpm: 90 }),
      track({ title: 'Slow', bpm: 120 }),
      track({ title: 'Almost', bpm: 119.6 }),
      track({ title: 'Half up', bpm: 120.5 }),
      track({ title: 'Just under', bpm: 119.25 }),
      track({ title: 'Calm one', bpm: 120, moods: [1302] }),
      track({ title: 'Calm other', bpm: 90, moods: [1302] }),
      track({ title: 'Low', bpm: 12 }),
      track({ title: 'Fast', bpm: 300 }),
    ];
    const { titles, search } = indexes(tracks);
    // The title match first, then the tracks shown at 120 BPM (119.6 is shown as 120; 120.5 as 121 and 119.25 as 119).
    expect(titles({ q: '120', sort: 'relevance' })).toEqual(['Track 120', 'Calm one', 'Almost', 'Slow']);
    expect(search({ q: '120', sort: 'bpm', dir: 'asc' }).total).toBe(4);
    expect(titles({ q: 'calm 120', sort: 'relevance' })).toEqual(['Calm one']);
    // 12 is below the tempo range: only the title word it begins.
    expect(titles({ q: '12' })).toEqual(['Track 120']);
    expect(titles({ q: '300' })).toEqual([]);
    expect(titles({ q: '0120' })).toEqual([]);
  });

  it('finds the tracks matching more words first when no track matches them all', () => {
    const tracks = [
      track({ title: '피아노 소나타', moods: [1302] }),
      track({ title: 'Calm Piano Morning' }),
      track({ title: 'Piano Etude' }),
      track({ title: 'Night Drive', moods: [1302] }),
      track({ title: 'Calm Sea', artist: 'Piano Club' }),
      track({ title: 'Unrelated' }),
    ];
    const { titles, search } = indexes(tracks);
    // Two of three words in the title; two with one by the artist; one word in the title; one by a label.
    expect(titles({ q: 'calm piano zzzz', sort: 'relevance' })).toEqual([
      'Calm Piano Morning',
      'Calm Sea',
      'Piano Etude',
      'Night Drive',
      '피아노 소나타',
    ]);
    expect(titles({ q: 'calm piano zzzz', sort: 'relevance', dir: 'asc' })).toEqual([
      '피아노 소나타',
      'Night Drive',
      'Piano Etude',
      'Calm Sea',
      'Calm Piano Morning',
    ]);
    // Other sorts order the same tracks: the total does not change with the sort.
    for (const sort of ['id', 'title', 'bpm', 'popularity'] as const) expect(search({ q: 'calm piano zzzz', sort }).total).toBe(5);
    // While some track matches every word, only those are found.
    expect(titles({ q: 'calm piano', sort: 'relevance' })).toEqual(['Calm Piano Morning', 'Calm Sea']);
    // The filter decides whether every word matches: under it, no calm piano track is left.
    expect(titles({ q: 'calm piano', moods: [1302], sort: 'relevance' })).toEqual(['Night Drive', '피아노 소나타']);
    expect(titles({ q: 'zzzz yyyy' })).toEqual([]);
  });

  it('reads a Japanese or Korean run as a label and the words beside it when nothing matches it whole', () => {
    const tracks = [
      track({ title: '朝露', moods: [1102] }),
      track({ title: 'ピアノの森' }),
      track({ title: 'ピアノ日和', moods: [1102] }),
      track({ title: '비 오는 날', moods: [1302] }),
      track({ title: '피아노 소품' }),
      track({ title: '잔잔한 피아노' }),
    ];
    const { titles } = indexes(tracks);
    // 穏やか names the mood Peaceful; ピアノ is found in titles; both first.
    expect(titles({ q: '穏やかなピアノ', sort: 'relevance' })).toEqual(['ピアノ日和', 'ピアノの森', '朝露']);
    // A run some title holds whole is found as before, and nothing else.
    expect(titles({ q: '잔잔한피아노', sort: 'relevance' })).toEqual(['잔잔한 피아노']);
    expect(titles({ q: '잔잔한피아노', scope: { kind: 'list', ids: [tracks[3]!.id, tracks[4]!.id] }, sort: 'relevance' })).toEqual([
      '피아노 소품',
      '비 오는 날',
    ]);
  });

  it('counts the words of queries up to eight terms; a longer one needs them all', () => {
    const { titles } = indexes([track({ title: 'a b c d e f g h' }), track({ title: 'a' })]);
    expect(titles({ q: 'a b c d e f g zzzz', sort: 'relevance' })).toEqual(['a b c d e f g h', 'a']);
    expect(titles({ q: 'a b c d e f g h zzzz' })).toEqual([]);
  });
});

describe('filters', () => {
  const tracks = [
    track({ title: 'a', genre: 301, moods: [1302, 1101], soundKey: 'C♯', bpm: 90, speed: 2 }),
    track({ title: 'b', genre: 302, moods: [1302], soundKey: 'D♭', bpm: 120, speed: 3 }),
    track({ title: 'c', genre: 401, moods: [1101], soundKey: 'D', bpm: null, speed: null }),
    track({ title: 'd', genre: null, moods: [1302, 1101, 1801], soundKey: null, bpm: 80, speed: 2 }),
    track({ title: 'e', genre: 303, moods: [], soundKey: 'Db', bpm: 120.5, speed: 3 }),
  ];
  const { titles, search } = indexes(tracks);

  it('genre code, or group code N00 for the whole group', () => {
    expect(titles({ genre: 301 })).toEqual(['a']);
    expect(titles({ genre: 300 }).sort()).toEqual(['a', 'b', 'e']);
    expect(titles({ genre: 999 })).toEqual([]);
  });

  it('moods: every selected mood', () => {
    expect(titles({ moods: [1302] }).sort()).toEqual(['a', 'b', 'd']);
    expect(titles({ moods: [1302, 1101] }).sort()).toEqual(['a', 'd']);
    expect(titles({ moods: [1302, 1101, 1801] })).toEqual(['d']);
  });

  it('key by pitch class: D♭ finds C♯', () => {
    expect(titles({ soundKey: 'D♭' }).sort()).toEqual(['a', 'b', 'e']);
    expect(titles({ soundKey: 'C♯' }).sort()).toEqual(['a', 'b', 'e']);
    expect(titles({ soundKey: 'D' })).toEqual(['c']);
  });

  it('speed and an inclusive BPM range; null BPM never matches', () => {
    expect(titles({ speed: 3 }).sort()).toEqual(['b', 'e']);
    expect(titles({ bpmGte: 80, bpmLte: 120 }).sort()).toEqual(['a', 'b', 'd']);
    expect(titles({ bpmGte: 0 })).not.toContain('c');
    expect(titles({ bpmLte: 1000 })).not.toContain('c');
    expect(titles({ bpmGte: 120.5 })).toEqual(['e']);
  });

  it('combines with text and with each other; totals are exact', () => {
    const r = search({ genre: 300, moods: [1302], bpmGte: 100, limit: 0 });
    expect(r).toEqual({ ids: [], total: 1 });
  });
});

describe('sorting and paging', () => {
  const tracks = [
    track({ title: 'B', bpm: 100, durationSec: 30, popularity: 5 }),
    track({ title: 'a', bpm: null, durationSec: null, popularity: 5 }),
    track({ title: 'C', bpm: 100, durationSec: 60, popularity: 1 }),
    track({ title: 'b', bpm: 90, durationSec: null, popularity: 9 }),
    track({ title: '가', bpm: 140, durationSec: 10, popularity: 0 }),
  ];
  const ids = tracks.map((t) => t.id);
  const { search } = indexes(tracks);
  const order = (sort: IndexQuery['sort'], dir: IndexQuery['dir']) => search({ sort, dir }).ids.map((id) => ids.indexOf(id));

  it('sorts by each field, nulls last in both directions, ties by id in the direction', () => {
    expect(order('id', 'desc')).toEqual([4, 3, 2, 1, 0]);
    expect(order('bpm', 'asc')).toEqual([3, 0, 2, 4, 1]);
    expect(order('bpm', 'desc')).toEqual([4, 2, 0, 3, 1]);
    expect(order('duration', 'asc')).toEqual([4, 0, 2, 1, 3]);
    expect(order('duration', 'desc')).toEqual([2, 0, 4, 3, 1]);
    expect(order('popularity', 'desc')).toEqual([3, 1, 0, 2, 4]);
    expect(order('title', 'asc')).toEqual([1, 0, 3, 2, 4]);
    expect(order('title', 'desc')).toEqual([4, 2, 3, 0, 1]);
  });

  it('pages return every match exactly once', () => {
    for (const sort of ['id', 'title', 'bpm', 'duration', 'popularity'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let offset = 0; offset < 5; offset += 2) seen.push(...search({ sort, dir, offset, limit: 2 }).ids);
        expect(seen).toEqual(search({ sort, dir }).ids);
      }
    }
  });

  it('ranks by relevance: exact > prefix > title contains > artist > label > 초성, ties newest first', () => {
    const rel = [
      track({ title: '사랑의 노래' }),
      track({ title: '노래', moods: [] }),
      track({ title: 'Morning', artist: '노래하는 사람' }),
      track({ title: '나래' }),
      track({ title: '노래의 날' }),
      track({ title: '노래' }),
    ];
    const r = indexes(rel);
    const got = r.titles({ q: '노래', sort: 'relevance', dir: 'desc' });
    expect(got).toEqual(['노래', '노래', '노래의 날', '사랑의 노래', 'Morning']);
    const ranked = r.titles({ q: 'ㄴㄹ', sort: 'relevance', dir: 'desc' });
    // Every 초성 match ranks alike (none is an exact or prefix title match), so newest first.
    expect(ranked).toEqual(['노래', '노래의 날', '나래', 'Morning', '노래', '사랑의 노래']);
    expect(r.titles({ q: '노래', sort: 'relevance', dir: 'asc' })).toEqual([...got].reverse());
  });

  it('keeps a title in the prefix class while the last syllable of the query is being typed', () => {
    const r = indexes([
      track({ title: '피아노 산책' }),
      track({ title: '산책하는 피아노' }),
      track({ title: '골목길' }),
      track({ title: '뒷골목길' }),
      track({ title: '사나운 바람' }),
      track({ title: '바람 사나운' }),
    ]);
    // 피아노 산채 on the way to 피아노 산책: the title it begins stays above one that merely holds both words,
    // though that one is newer.
    expect(r.titles({ q: '피아노 산채', sort: 'relevance' })).toEqual(['피아노 산책', '산책하는 피아노']);
    expect(r.titles({ q: '피아노 산책', sort: 'relevance' })).toEqual(['피아노 산책', '산책하는 피아노']);
    // A consonant that begins the next syllable (골목ㄱ → 골목길), a final moved on to it (사낭 → 사나운).
    expect(r.titles({ q: '골목ㄱ', sort: 'relevance' })).toEqual(['골목길', '뒷골목길']);
    expect(r.titles({ q: '사낭', sort: 'relevance' })).toEqual(['사나운 바람', '바람 사나운']);
  });

  it('ranks a label match below text matches', () => {
    const rel = [track({ title: 'Ballad Night' }), track({ title: 'Rain', genre: 703 }), track({ title: 'Balladeer' })];
    const r = indexes(rel);
    expect(r.titles({ q: 'ballad', sort: 'relevance' })).toEqual(['Balladeer', 'Ballad Night', 'Rain']);
  });
});

describe('scopes and visibility', () => {
  const tracks = [
    track({ title: 'pub1', ownerId: 1 }),
    track({ title: 'draft1', ownerId: 1, published: false }),
    track({ title: 'draft2', ownerId: 2, published: false }),
    track({ title: 'pub2', ownerId: 2, bpm: 100 }),
    track({ title: 'orphan', ownerId: null, bpm: 90 }),
  ];
  const [pub1, draft1, draft2, pub2, orphan] = tracks.map((t) => t.id) as [number, number, number, number, number];
  const { search } = indexes(tracks);

  it('shows published tracks, plus the viewer own unpublished ones', () => {
    expect(search({}).ids).toEqual([orphan, pub2, pub1]);
    expect(search({ viewerId: 1 }).ids).toEqual([orphan, pub2, draft1, pub1]);
  });

  it('owner scope lists that owner tracks, published or not', () => {
    expect(search({ scope: { kind: 'owner', ownerId: 2 } }).ids).toEqual([pub2, draft2]);
  });

  it('list scope keeps the list order for sort id (asc reverses), dedups, drops unknown and invisible ids', () => {
    const scope = { kind: 'list' as const, ids: [pub1, 999, orphan, draft2, pub2, pub1] };
    expect(search({ scope }).ids).toEqual([pub1, orphan, pub2]);
    expect(search({ scope, dir: 'asc' }).ids).toEqual([pub2, orphan, pub1]);
    expect(search({ scope, viewerId: 2 }).ids).toEqual([pub1, orphan, draft2, pub2]);
    expect(search({ scope, sort: 'bpm', dir: 'asc' }).ids).toEqual([orphan, pub2, pub1]);
  });
});

describe('sort paths chosen by cost', () => {
  it('pages right when the matches bunch at the far end of the order the walk takes', () => {
    // 2,000 tracks; the 100 slow ones (speed 1) all have the lowest BPMs and the last titles. Sorted by BPM
    // or title descending, the walk expects a match every 20 ids but meets none for 1,900, gives up and
    // pages the other way: the page must be the same.
    const tracks = Array.from({ length: 2000 }, (_, i) =>
      track({
        title: `t${String(i).padStart(4, '0')}`,
        bpm: 200 - i * 0.05,
        speed: i >= 1900 ? 1 : 3,
        durationSec: i % 7 === 0 ? null : 100 + (i % 50),
      }),
    );
    const auto = CatalogueIndex.build(tracks);
    for (const sort of ['bpm', 'title', 'duration'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const offset of [0, 15, 95]) {
          const q = query({ speed: 1, sort, dir, offset, limit: 10 });
          expect(auto.search(q)).toEqual(oracleSearch(tracks, q));
        }
      }
    }
  });

  it('cuts a BPM band the cheaper way and gives the same answer', () => {
    const tracks = Array.from({ length: 3000 }, (_, i) =>
      track({
        title: i % 100 === 0 ? `rare ${i}` : `common ${i}`,
        bpm: i % 11 === 0 ? null : 60 + (i % 120),
        moods: i % 3 === 0 ? [1302] : [],
      }),
    );
    const auto = CatalogueIndex.build(tracks);
    for (const [bpmGte, bpmLte] of [
      [60, 70],
      [60, 170],
      [100, 101],
      [0, 1000],
    ] as const) {
      // A few candidates (a rare word) and many (a mood, or nothing): each path in turn.
      for (const p of [{ q: 'rare' }, { moods: [1302] }, {}]) {
        const q = query({ ...p, bpmGte, bpmLte, sort: 'bpm', dir: 'asc', limit: 20 });
        expect(auto.search(q)).toEqual(oracleSearch(tracks, q));
      }
    }
  });
});

describe('writes', () => {
  it('upsert replaces a track (text, filters, sort keys) and remove forgets it', () => {
    const tracks = [track({ title: '사랑', bpm: 100, moods: [1302] }), track({ title: 'piano', bpm: 80 })];
    const [a, b] = tracks.map((t) => t.id) as [number, number];
    const index = CatalogueIndex.build(tracks, { directSortMax: 0, bpmScanMax: 0 });
    expect(index.search(query({ q: '사랑' })).ids).toEqual([a]);
    index.upsert({ ...tracks[0]!, title: '이별', bpm: 60, moods: [] });
    expect(index.search(query({ q: '사랑' })).total).toBe(0);
    expect(index.search(query({ q: '이별' })).ids).toEqual([a]);
    expect(index.search(query({ moods: [1302] })).total).toBe(0);
    expect(index.search(query({ sort: 'bpm', dir: 'asc' })).ids).toEqual([a, b]);
    index.remove(a);
    expect(index.has(a)).toBe(false);
    expect(index.size).toBe(1);
    expect(index.search(query({ q: '이별' })).total).toBe(0);
    expect(index.search(query({ sort: 'bpm' })).ids).toEqual([b]);
  });

  it('a retitled or new track takes its new place in a title sort of a few matches', () => {
    const tracks = ['b', 'c', 'd', 'e'].map((title) => track({ title, moods: title === 'c' ? [] : [1302] }));
    const [b, , d, e] = tracks.map((t) => t.id) as [number, number, number, number];
    // Sorting the matches directly reads each one's place in the title order, which every write moves.
    const index = CatalogueIndex.build(tracks, { directSortMax: Infinity });
    const titled = () => index.search(query({ moods: [1302], sort: 'title', dir: 'asc' })).ids;
    expect(titled()).toEqual([b, d, e]);
    index.upsert({ ...tracks[3]!, title: 'a' });
    expect(titled()).toEqual([e, b, d]);
    const f = track({ title: 'ca', moods: [1302] });
    index.upsert(f);
    expect(titled()).toEqual([e, b, f.id, d]);
    index.remove(b);
    expect(titled()).toEqual([e, f.id, d]);
  });

  it('setPopularity moves a track in the popularity order', () => {
    const tracks = [track({ title: 'x', popularity: 1 }), track({ title: 'y', popularity: 2 }), track({ title: 'z', popularity: 3 })];
    const [x, y, z] = tracks.map((t) => t.id) as [number, number, number];
    const index = CatalogueIndex.build(tracks, { directSortMax: 0, bpmScanMax: 0 });
    expect(index.search(query({ sort: 'popularity', dir: 'desc' })).ids).toEqual([z, y, x]);
    index.setPopularity(x, 10);
    expect(index.search(query({ sort: 'popularity', dir: 'desc' })).ids).toEqual([x, z, y]);
    index.setPopularity(z, 0);
    expect(index.search(query({ sort: 'popularity', dir: 'desc' })).ids).toEqual([x, y, z]);
  });

  it('builds the same index from a stream with a max-id hint, right, too small or too large', () => {
    const tracks = [
      track({ title: '사랑의 노래', bpm: 90, moods: [1302] }),
      track({ title: 'lo-fi rain', bpm: 70 }),
      track({ title: '夏の海', bpm: 120, moods: [1302] }),
    ];
    const maxId = Math.max(...tracks.map((t) => t.id));
    const stream = () =>
      (function* () {
        yield* tracks;
      })();
    const plain = CatalogueIndex.build(stream());
    const queries = [
      query({ q: '사랑' }),
      query({ moods: [1302], sort: 'bpm', dir: 'desc' }),
      query({ q: 'lofi' }),
      query({ sort: 'title' }),
    ];
    for (const hint of [maxId, 1, maxId * 4]) {
      const hinted = CatalogueIndex.build(stream(), { maxId: hint });
      for (const q of queries) expect(hinted.search(q)).toEqual(plain.search(q));
      hinted.upsert(track({ title: '사랑 2', id: maxId * 8 }));
      expect(hinted.search(query({ q: '사랑' })).total).toBe(2);
    }
  });

  it('lets the caller collect garbage every 100,000 tracks of a build and after each phase, and builds the same index', () => {
    const tracks = Array.from({ length: 100_001 }, (_, i) => track({ title: i % 2 ? `사랑 ${i}` : `lo-fi ${i}`, bpm: 60 + (i % 90) }));
    const stream = () =>
      (function* () {
        yield* tracks;
      })();
    let calls = 0;
    const collected = CatalogueIndex.build(stream(), { collect: () => (calls += 1) });
    // Once at 100,000 tracks; before and between the packing steps (the two text fields, the compactions:
    // 3); once when loaded; once after the title order and each numeric order (3).
    expect(calls).toBe(9);
    const plain = CatalogueIndex.build(stream());
    for (const q of [query({ q: '사랑', sort: 'bpm', dir: 'desc', offset: 40_000 }), query({ sort: 'title', offset: 99_990 })]) {
      expect(collected.search(q)).toEqual(plain.search(q));
    }
  });

  it('rejects ids it cannot index', () => {
    const index = CatalogueIndex.build([]);
    expect(() => index.upsert(track({ title: 'x', id: 0 }))).toThrow(RangeError);
    expect(() => index.upsert(track({ title: 'x', id: 1.5 }))).toThrow(RangeError);
  });
});

describe('text-match cache', () => {
  it('answers a repeated text from its cached sets under each query’s own filters, and forgets them on writes', () => {
    const love = track({ title: '사랑의노래', moods: [1302] });
    const love2 = track({ title: '사랑 2', bpm: 120 });
    const sea = track({ title: '바다', artist: '사랑 밴드' });
    const rain = track({ title: '사랑비', published: false, ownerId: 7 });
    const index = CatalogueIndex.build([love, love2, sea, rain]);
    const ask = (p: Partial<IndexQuery>) => index.search(query({ q: '사랑', sort: 'relevance', ...p }));
    const ids = (p: Partial<IndexQuery> = {}) => ask(p).ids;
    // First sight: matched directly; second: cached; then filters, visibility and scopes apply to the sets.
    expect(ids()).toEqual([love2.id, love.id, sea.id]);
    expect(ids()).toEqual([love2.id, love.id, sea.id]);
    expect(index.textCacheStats().entries).toBe(1);
    expect(ids({ moods: [1302] })).toEqual([love.id]);
    expect(ids({ bpmGte: 100 })).toEqual([love2.id]);
    expect(ids({ viewerId: 7 })).toEqual([rain.id, love2.id, love.id, sea.id]);
    expect(ids({ scope: { kind: 'owner', ownerId: 7 } })).toEqual([rain.id]);
    expect(index.textCacheStats().hits).toBeGreaterThanOrEqual(4);

    // Writes that change what the text matches, each seen by the next query: a retitled track, a new one,
    // a removed one.
    const retitled = { ...sea, title: '사랑해', artist: null };
    const first = track({ title: '첫사랑' });
    let live = [love, love2, sea, rain];
    const check = () => {
      for (let sight = 0; sight < 3; sight++) {
        expect(ask({})).toEqual(oracleSearch(live, query({ q: '사랑', sort: 'relevance' })));
      }
    };
    index.upsert(retitled);
    live = [love, love2, retitled, rain];
    check();
    index.upsert(first);
    live.push(first);
    check();
    index.remove(love2.id);
    live = live.filter((t) => t !== love2);
    check();
    expect(ids().sort()).toEqual([love.id, retitled.id, first.id].sort());
  });
});

describe('a BPM range with a relevance sort', () => {
  it('keeps out of every relevance class the tracks outside the range, the best classes included', () => {
    const { titles } = indexes([
      track({ title: '사랑', bpm: 60 }),
      track({ title: '사랑노래', bpm: 120 }),
      track({ title: '사랑의 노래', bpm: 70 }),
      track({ title: '첫사랑', bpm: 125 }),
      track({ title: '바다', artist: '사랑', bpm: 130 }),
    ]);
    for (let sight = 0; sight < 3; sight++) {
      expect(titles({ q: '사랑', sort: 'relevance', bpmGte: 100 })).toEqual(['사랑노래', '첫사랑', '바다']);
      expect(titles({ q: '사랑', sort: 'relevance', dir: 'asc', bpmLte: 100 })).toEqual(['사랑의 노래', '사랑']);
    }
  });
});
