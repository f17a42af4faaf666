import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_TRACKS } from '../../../e2e/fixtures/catalogue';
import { DEMO_CATALOGUE } from '../src/seed/demo/catalogue';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

type Page = { totalElements: number; totalPages: number; content: { id: number; title: string }[] };

const get = async (t: TestApp, query: string): Promise<Page> => {
  const res = await t.call({ method: 'GET', url: `/api/musics?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json().body as Page;
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe.each(DIALECTS)('search that forgives (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const rows = [
      { title: 'Blue Lagoon Café', artist: 'Lua Nova', bpm: 134, moods: '1301' },
      { title: 'Crème Brûlée', artist: 'Straße Fünf', bpm: 96, moods: '' },
      { title: '카페 모퉁이에서', artist: '김하늘', bpm: 118, moods: '1301' },
      { title: 'Track 120', artist: 'Anyone', bpm: 90, moods: '' },
      { title: 'Tempo Study', artist: 'Metronome', bpm: 119.7, moods: '1302' },
      { title: 'Calm Piano Morning', artist: 'Mina', bpm: 70, moods: '' },
      { title: 'Piano Etude', artist: 'Mina', bpm: 80, moods: '' },
      { title: 'Night Drive', artist: 'Neon', bpm: 100, moods: '1302' },
    ];
    for (const r of rows) await t.track(r);
  });
  afterAll(() => t.close());

  it('finds a title with diacritics typed without them, and an artist too', async () => {
    for (const text of ['cafe', 'CAFÉ', 'cafe\u0301', 'Café'.normalize('NFD')]) {
      expect(
        (await get(t, q(text))).content.map((m) => m.title),
        text,
      ).toEqual(['Blue Lagoon Café']);
    }
    expect((await get(t, q('creme brulee'))).content.map((m) => m.title)).toEqual(['Crème Brûlée']);
    expect((await get(t, q('strasse funf'))).content.map((m) => m.title)).toEqual(['Crème Brûlée']);
    // Korean stays Korean: 카페 is not cafe.
    expect((await get(t, q('카페'))).content.map((m) => m.title)).toEqual(['카페 모퉁이에서']);
  });

  it('reads a number as a BPM too: the title holding it first, then the tracks shown at that BPM', async () => {
    const page = await get(t, `${q('120')}&sort=relevance,desc`);
    expect(page.content.map((m) => m.title)).toEqual(['Track 120', 'Tempo Study']);
    expect(page.totalElements).toBe(2);
    expect((await get(t, `${q('calm 120')}&sort=relevance,desc`)).content.map((m) => m.title)).toEqual(['Tempo Study']);
  });

  it('finds the tracks matching more words first when no track matches them all; exact totals and stable pages', async () => {
    const all = await get(t, `${q('calm piano zzzz')}&sort=relevance,desc&size=20`);
    expect(all.content.map((m) => m.title)).toEqual(['Calm Piano Morning', 'Piano Etude', 'Night Drive', 'Tempo Study']);
    expect(all.totalElements).toBe(4);
    const paged: string[] = [];
    for (let page = 0; page < 4; page++) {
      const p = await get(t, `${q('calm piano zzzz')}&sort=relevance,desc&size=1&page=${page}`);
      expect(p.totalElements).toBe(4);
      paged.push(...p.content.map((m) => m.title));
    }
    expect(paged).toEqual(all.content.map((m) => m.title));
    // Another sort orders the same tracks.
    const byBpm = await get(t, `${q('calm piano zzzz')}&sort=bpm,asc`);
    expect(byBpm.content.map((m) => m.title)).toEqual(['Calm Piano Morning', 'Piano Etude', 'Night Drive', 'Tempo Study']);
    // While some track matches every word, only those.
    expect((await get(t, q('calm piano'))).content.map((m) => m.title)).toEqual(['Calm Piano Morning']);
    expect((await get(t, q('zzzz yyyy'))).totalElements).toBe(0);
  });
});

/** The example searches the home page gives in each language: the text it quotes in its search card. */
function homeExamples(lang: string): string[] {
  const file = path.resolve(__dirname, `../../web/public/locales/${lang}/translation.json`);
  const body: string = JSON.parse(readFileSync(file, 'utf8')).home.features.search.body;
  return [...body.matchAll(/[‘“「]([^’”」]+)[’”」]/gu)].map((m) => m[1]!);
}

describe('the home page example searches', () => {
  it('are quoted in every language', () => {
    expect(homeExamples('ko')).toEqual(['잔잔한 피아노', 'ㅅㄹ']);
    expect(homeExamples('en')).toEqual(['calm piano']);
    expect(homeExamples('ja')).toEqual(['穏やかなピアノ']);
  });
});

describe.each(DIALECTS)('the home page example searches find tracks (%s)', (dialect) => {
  const catalogues = {
    demo: DEMO_CATALOGUE.map((d) => ({ title: d.title, artist: d.artist, genre: d.genre, moods: d.moods, bpm: d.bpm })),
    'e2e fixture': FIXTURE_TRACKS.map((f) => ({ title: f.title, artist: f.artist, genre: f.genre, moods: f.moods, bpm: f.bpm })),
  };
  for (const [name, tracks] of Object.entries(catalogues)) {
    describe(`on the ${name} catalogue`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(dialect);
        for (const r of tracks) await t.track({ ...r, moods: r.moods.join(',') });
      });
      afterAll(() => t.close());

      for (const lang of ['ko', 'en', 'ja']) {
        it(`in ${lang}`, async () => {
          for (const example of homeExamples(lang)) {
            expect((await get(t, q(example))).totalElements, example).toBeGreaterThan(0);
          }
        });
      }
    });
  }
});
