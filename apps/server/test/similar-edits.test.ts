import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EditPlan } from '../src/media/edits';
import { DEMO_CATALOGUE, writeDemoTrack, type DemoTrack } from '../src/seed/demo/catalogue';
import type { LocalDiskStorage } from '../src/media';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';
import { ffmpeg } from './fixtures/audio';

/**
 * Track pages through the API (PRODUCT §16): similar tracks (a near-duplicate first, paging, unpublished and the track itself
 * left out, 404s), short edits (lengths within ±0.5 s by ffprobe, cut on the beat grid, only the lengths a
 * track allows, streamed with Range, downloaded under the full download's rules with a licence naming the
 * edit), and the resumable feature backfill. Real audio: demo pieces rendered here and ingested.
 */

/** The rendered pieces: a folder of this run's own, removed after it. */
const DIR = mkdtempSync(path.join(tmpdir(), 'sori-similar-edits-'));
/** Short (31.6 s: a 15 s edit only), long (64.2 s: 15, 30 and 60), and others of other genres. */
const PICKS = [0, 1, 2, 3, 4, 5];

interface Rendered {
  track: DemoTrack;
  file: string;
}
let rendered: Rendered[] = [];
let duplicate = '';

beforeAll(async () => {
  rendered = [];
  for (const i of PICKS) {
    const track = DEMO_CATALOGUE[i]!;
    rendered.push({ track, file: (await writeDemoTrack(track, DIR)).audioPath });
  }
  // A near-duplicate of the long piece: re-encoded to MP3 at a lower level.
  duplicate = path.join(DIR, 'near-duplicate.mp3');
  await ffmpeg(['-y', '-v', 'error', '-i', rendered[3]!.file, '-af', 'volume=0.8', '-c:a', 'libmp3lame', '-b:a', '128k', duplicate]);
}, 120_000);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const probeSeconds = (file: string) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());

/** The file name a Content-Disposition header saves under (its UTF-8 `filename*`). */
function savedName(header: unknown): string {
  const m = /filename\*=UTF-8''(.+)$/u.exec(String(header));
  return m ? decodeURIComponent(m[1]!) : '';
}

describe.each(DIALECTS)('similar tracks and short edits (%s)', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];
  let dupId = 0;
  let hiddenId = 0;
  let owner: { token: string; id: number };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user();
    for (const r of rendered) {
      const row = await t.ctx.media.createFromFile(
        { path: r.file },
        { title: r.track.title, genre: r.track.genre, moods: [...r.track.moods] },
        { ownerId: null, published: true },
      );
      ids.push(row.id);
    }
    // The duplicate carries the genre of its original but none of its moods: its sound has to place it.
    dupId = (
      await t.ctx.media.createFromFile(
        { path: duplicate },
        { title: 'Near duplicate', genre: rendered[3]!.track.genre },
        { ownerId: null, published: true },
      )
    ).id;
    // Another copy, unpublished (an upload): never in anyone's similar list.
    hiddenId = (await t.ctx.media.createFromFile({ path: duplicate }, { title: 'Hidden copy' }, { ownerId: owner.id, published: false }))
      .id;
    // Ingest hooks make features (and edits for published tracks) in the background.
    await t.ctx.edits.idle();
    await waitFor(async () => (await t.ctx.sound.remaining()) === 0);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  const similar = (id: number, query = '', token?: string) =>
    t.call({ method: 'GET', url: `/api/musics/${id}/similar${query}`, ...(token ? { token } : {}) });

  it('ranks a near-duplicate first, leaves out the track itself, unpublished tracks and tracks that sound unalike', async () => {
    const res = await similar(ids[3]!, '?size=100');
    expect(res.statusCode).toBe(200);
    const page = res.json().body;
    const got = page.content.map((m: { id: number }) => m.id);
    expect(got[0]).toBe(dupId);
    expect(got).not.toContain(ids[3]);
    expect(got).not.toContain(hiddenId);
    // Six pieces of six genres and the duplicate: not every other piece is close enough to be listed
    // (SIMILAR_CUTOFF), and the count is of those listed, not of the catalogue.
    expect(page.totalElements).toBe(got.length);
    expect(got.length).toBeLessThan(ids.length);
    // The owner of the hidden copy does not see it either: only the public catalogue is compared.
    const mine = (await similar(ids[3]!, '?size=100', owner.token)).json().body.content.map((m: { id: number }) => m.id);
    expect(mine).not.toContain(hiddenId);
    // And the other way round: the original is nearest to its duplicate.
    expect((await similar(dupId)).json().body.content[0].id).toBe(ids[3]);
  });

  it('lists what a restart would, though every vector came after the catalogue loaded', async () => {
    // The app loaded an empty catalogue, so its closeness scale was fitted on nothing; the vectors came later.
    const lists = async () =>
      Promise.all([...ids, dupId].map(async (id) => (await similar(id, '?size=100')).json().body.content.map((m: { id: number }) => m.id)));
    const live = await lists();
    await t.ctx.catalogue.load();
    expect(live).toEqual(await lists());
  });

  it('pages like /musics: stable, disjoint pages that add up to the whole list', async () => {
    // The duplicate's list: its original, then whatever else is close enough.
    const all = (await similar(dupId, '?size=100')).json().body;
    const ids0 = all.content.map((m: { id: number }) => m.id);
    expect(ids0.length).toBeGreaterThanOrEqual(2);
    const pages = [];
    for (let p = 0; p < ids0.length; p++) pages.push((await similar(dupId, `?size=1&page=${p}`)).json().body);
    const [p0] = pages;
    expect(pages.flatMap((p) => p.content).map((m: { id: number }) => m.id)).toEqual(ids0);
    expect(p0).toMatchObject({
      number: 0,
      size: 1,
      first: true,
      last: false,
      totalElements: ids0.length,
      totalPages: ids0.length,
    });
    expect(pages.at(-1).last).toBe(true);
    expect((await similar(dupId, `?size=1&page=${ids0.length}`)).json().body.content).toEqual([]);
    expect((await similar(dupId, '?size=1&page=0')).json().body).toEqual(p0);
    // The same shape as /musics: every item is a Music as the catalogue writes it.
    const listed = (await t.call({ method: 'GET', url: `/api/musics?size=100` })).json().body.content;
    expect(p0.content[0]).toEqual(listed.find((m: { id: number }) => m.id === p0.content[0].id));
  });

  it('answers 404 for an unknown track, an unpublished one to others, and 400 for a bad id or page', async () => {
    expect((await similar(999_999)).statusCode).toBe(404);
    expect((await similar(hiddenId)).statusCode).toBe(404);
    expect((await similar(hiddenId, '', owner.token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/musics/abc/similar' })).statusCode).toBe(400);
    expect((await similar(ids[0]!, '?size=0')).statusCode).toBe(400);
  });

  it('makes the edits each track allows, each within ±0.5 s of its length, cut on the beat grid', async () => {
    const storage = t.ctx.storage as LocalDiskStorage;
    for (const [k, id] of ids.entries()) {
      const { track } = rendered[k]!;
      const res = await t.call({ method: 'GET', url: `/api/musics/${id}/edits` });
      expect(res.statusCode).toBe(200);
      const edits = res.json().body as {
        seconds: number;
        status: string;
        playTime: number;
        filePath: string;
        waveUrl: string;
        peaksUrl: string;
      }[];
      const allowed = [15, 30, 60].filter((s) => track.durationSec >= s + 3);
      expect(edits.map((e) => e.seconds)).toEqual(allowed);
      for (const e of edits) {
        expect(e.status).toBe('ready');
        const row = await t.ctx.db.kysely
          .selectFrom('track_edits')
          .selectAll()
          .where('track_id', '=', id)
          .where('seconds', '=', e.seconds)
          .executeTakeFirstOrThrow();
        const seconds = probeSeconds(storage.pathOf(row.audio_key!));
        expect(Math.abs(seconds - e.seconds), `${track.slug} ${e.seconds}s measured ${seconds}`).toBeLessThanOrEqual(0.5);
        expect(Math.abs(e.playTime - e.seconds)).toBeLessThanOrEqual(0.5);
        const plan = JSON.parse(row.plan!) as EditPlan;
        const onGrid = (s: number) => plan.grid.some((b) => Math.abs(b - s) < 0.002);
        // It starts on the first beat of the grid, the real opening (within a beat of the file's start), and
        // the grid is the music's: its beats are the written tempo apart.
        const period = (plan.grid.at(-1)! - plan.grid[0]!) / (plan.grid.length - 1);
        expect(plan.segments[0]!.from).toBe(plan.grid[0]);
        expect(plan.segments[0]!.from).toBeLessThan(period);
        const written = 60 / track.bpm;
        expect(
          Math.min(Math.abs(period / written - 1), Math.abs(period / (written / 2) - 1), Math.abs(period / (written * 2) - 1)),
        ).toBeLessThan(0.03);
        // Each join leaves one downbeat for another, under the crossfade.
        for (let j = 1; j < plan.segments.length; j++) {
          expect(onGrid(plan.segments[j - 1]!.to - plan.crossfadeSec / 2)).toBe(true);
          expect(onGrid(plan.segments[j]!.from + plan.crossfadeSec / 2)).toBe(true);
        }
        // Its own waveform and peaks.
        expect((await t.call({ method: 'GET', url: e.waveUrl })).headers['content-type']).toBe('image/png');
        const peaks = (await t.call({ method: 'GET', url: e.peaksUrl })).json();
        expect(Math.abs(peaks.durationSec - e.seconds)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('streams an edit with HTTP Range like a preview', async () => {
    const [e] = (await t.call({ method: 'GET', url: `/api/musics/${ids[3]}/edits` })).json().body;
    expect(e.filePath).toMatch(new RegExp(`^/api/musics/${ids[3]}/stream\\?v=\\w+&edit=15$`));
    const part = await t.call({ method: 'GET', url: e.filePath, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.rawPayload.length).toBe(100);
    const whole = await t.call({ method: 'GET', url: e.filePath });
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    // An edit the track is too short for is not there.
    expect((await t.call({ method: 'GET', url: `/api/musics/${ids[0]}/stream?edit=60` })).statusCode).toBe(404);
  });

  it('answers pending for edits not made yet and starts making them once, however often it is asked', async () => {
    const id = ids[1]!;
    await t.ctx.db.kysely.deleteFrom('track_edits').where('track_id', '=', id).execute();
    const spy = vi.spyOn(t.ctx.sound, 'withSound');
    try {
      const [a, b] = await Promise.all([
        t.call({ method: 'GET', url: `/api/musics/${id}/edits` }),
        t.call({ method: 'GET', url: `/api/musics/${id}/edits` }),
      ]);
      for (const r of [a, b]) {
        expect(r.json().body.every((e: { status: string; filePath: string | null }) => e.status === 'pending' && e.filePath === null)).toBe(
          true,
        );
      }
      await t.ctx.edits.idle();
      expect(spy).toHaveBeenCalledTimes(1);
      const after = (await t.call({ method: 'GET', url: `/api/musics/${id}/edits` })).json().body;
      expect(after.every((e: { status: string }) => e.status === 'ready')).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('downloads an edit under the full download rules, with a licence that names the edit', async () => {
    const id = ids[3]!;
    const free = await t.user();
    const paid = await t.user({ level: 5 });
    const url = `/api/download/download?musicId=${id}&edit=30`;
    // Whatever the full download refuses, the edit download refuses too.
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const low = await t.call({ method: 'GET', url, token: free.token });
    expect(low.statusCode).toBe(403);
    expect(low.json().code).toBe('LEVEL_TOO_LOW');
    expect((await t.call({ method: 'GET', url: `/api/download/download?musicId=${hiddenId}&edit=15`, token: paid.token })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'GET', url: `/api/download/download?musicId=${ids[0]}&edit=60`, token: paid.token })).statusCode).toBe(
      409,
    );
    expect((await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}&edit=45`, token: paid.token })).statusCode).toBe(400);

    const ticket = (await t.call({ method: 'GET', url, token: paid.token })).json().body;
    expect(ticket.edit).toBe(30);
    // Named in the caller's language (Korean without a header), and saved under that name.
    expect(ticket.fileName).toMatch(/\(30초 버전\)\.mp3$/u);
    const file = await t.call({ method: 'GET', url: ticket.url });
    expect(file.statusCode).toBe(200);
    expect(savedName(file.headers['content-disposition'])).toBe(ticket.fileName);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    const sha = createHash('sha256').update(file.rawPayload).digest('hex');
    const licence = (await t.call({ method: 'GET', url: `/api/licences/${ticket.licenceId}` })).json().body;
    expect(licence.edit).toBe(30);
    expect(licence.file).toEqual({ name: ticket.fileName, sha256: sha });
    const row = await t.ctx.db.kysely
      .selectFrom('licences')
      .select(['edit_seconds', 'file_sha256'])
      .where('id', '=', ticket.licenceId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ edit_seconds: 30, file_sha256: sha });
    // The full track is another file under another licence; the same edit again reuses this one.
    const full = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token: paid.token })).json().body;
    expect(full.licenceId).not.toBe(ticket.licenceId);
    expect(full.edit).toBeUndefined();
    expect((await t.call({ method: 'GET', url, token: paid.token })).json().body.licenceId).toBe(ticket.licenceId);
    // Asked again in English, the edit is under the same licence, and saved under the name that licence gives
    // it: the certificate and the file agree.
    const again = (await t.call({ method: 'GET', url, token: paid.token, lang: 'en' })).json().body;
    expect(again.licenceId).toBe(ticket.licenceId);
    expect(again.fileName).toBe(ticket.fileName);
    expect(savedName((await t.call({ method: 'GET', url: again.url })).headers['content-disposition'])).toBe(ticket.fileName);
    // A first download in English or Japanese is named in that language, by its licence and on the file.
    for (const [lang, suffix] of [
      ['en', '(30s edit).mp3'],
      ['ja', '(30秒版).mp3'],
    ] as const) {
      const other = await t.user({ level: 5 });
      const named = (await t.call({ method: 'GET', url, token: other.token, lang })).json().body;
      expect(named.fileName.endsWith(suffix)).toBe(true);
      const signed = (await t.call({ method: 'GET', url: `/api/licences/${named.licenceId}` })).json().body;
      expect(signed.file.name).toBe(named.fileName);
      const saved = await t.call({ method: 'GET', url: named.url });
      expect(savedName(saved.headers['content-disposition'])).toBe(named.fileName);
      // Another member's licence in the link does not lend its name: the name is made as at issue.
      const borrowed = named.url.replace(named.licenceId, ticket.licenceId);
      expect(savedName((await t.call({ method: 'GET', url: borrowed })).headers['content-disposition'])).toBe(named.fileName);
    }
    // The downloads list holds the track once, with a licence for each file: the full track's first (in the
    // fields that name one licence too, though an edit was licensed after it), then each edit's, marked so.
    const short = (await t.call({ method: 'GET', url: `/api/download/download?musicId=${id}&edit=15`, token: paid.token })).json().body;
    const downloads = (await t.call({ method: 'GET', url: '/api/musics?tempPlayListId=-1', token: paid.token })).json().body.content;
    const listed = downloads.find((m: { id: number }) => m.id === id);
    expect(listed).toMatchObject({ licenceId: full.licenceId, licenceStatus: 'active' });
    expect(listed).not.toHaveProperty('licenceEdit');
    expect(listed.licences.map((l: { licenceId: string; edit?: number }) => [l.licenceId, l.edit])).toEqual([
      [full.licenceId, undefined],
      [short.licenceId, 15],
      [ticket.licenceId, 30],
    ]);
    // The account page tells them apart: the edit's licence says which edit.
    const mine = (await t.call({ method: 'GET', url: '/api/my/licences', token: paid.token })).json().body.content;
    expect(mine.find((l: { id: string }) => l.id === ticket.licenceId)).toMatchObject({ edit: 30 });
    expect(mine.find((l: { id: string }) => l.id === full.licenceId)).not.toHaveProperty('edit');
    // A link for one edit does not open another, nor the original.
    expect((await t.call({ method: 'GET', url: ticket.url.replace('edit=30', 'edit=15') })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: ticket.url.replace('edit=30&', '') })).statusCode).toBe(403);
    // The holder's level is checked again when the link is used.
    await t.ctx.auth.setLevel(paid.email, 1);
    expect((await t.call({ method: 'GET', url: ticket.url })).statusCode).toBe(403);
  });

  it('backfills missing feature vectors, resumably', async () => {
    await t.ctx.db.kysely.deleteFrom('sound_features').execute();
    expect(await t.ctx.sound.remaining()).toBe(ids.length + 2);
    const first = t.cli('sound:backfill', '--limit', '3');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('3 computed');
    expect(await t.ctx.sound.remaining()).toBe(ids.length - 1);
    const rest = t.cli('sound:backfill');
    expect(rest.status, rest.stderr).toBe(0);
    expect(rest.stdout).toContain(`${ids.length - 1} computed`);
    expect(await t.ctx.sound.remaining()).toBe(0);
    // The server follows the vectors written by the command (the track_changes feed).
    await t.ctx.catalogue.syncChanges();
    expect((await similar(ids[3]!)).json().body.content[0].id).toBe(dupId);
  }, 120_000);

  it('publishing an upload makes its edits and puts it in similar lists; unpublishing takes it out', async () => {
    expect((await t.ctx.db.kysely.selectFrom('track_edits').select('seconds').where('track_id', '=', hiddenId).execute()).length).toBe(0);
    await t.ctx.media.setPublished(hiddenId, true);
    await t.ctx.edits.idle();
    const made = await t.ctx.db.kysely
      .selectFrom('track_edits')
      .select(['seconds', 'status'])
      .where('track_id', '=', hiddenId)
      .orderBy('seconds')
      .execute();
    expect(made).toEqual([15, 30, 60].map((seconds) => ({ seconds, status: 'ready' })));
    const listed = (await similar(ids[3]!, '?size=100')).json().body.content.map((m: { id: number }) => m.id);
    expect(listed.slice(0, 2).sort()).toEqual([dupId, hiddenId].sort());
    await t.ctx.media.setPublished(hiddenId, false);
    expect((await similar(ids[3]!, '?size=100')).json().body.content.map((m: { id: number }) => m.id)).not.toContain(hiddenId);
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
