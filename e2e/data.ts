/**
 * Test data through the real API and the operator command line: tracks of the fixture catalogue by title,
 * likes, playlists, levels. Tests use these for what is not their subject (e.g. a playlist test starts
 * with a liked track) and drive the browser for what is.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Music, Page, Playlist } from '@sori/contract';
import { renderTrack } from './fixtures/audio';
import { FIXTURE_TRACKS, SPECIAL as SPECIAL_TITLES, type FixtureTrack } from './fixtures/catalogue';
import { BASE_URL, ROOT, type Account } from './app';

export { FIXTURE_TRACKS, SPECIAL } from './fixtures/catalogue';

export async function api<T>(pathname: string, options: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BASE_URL}/api${pathname}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${pathname} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { body: T }).body;
}

let catalogue: Map<string, Music> | null = null;

/** The published catalogue by title (the fixture catalogue, read once). */
export async function tracksByTitle(): Promise<Map<string, Music>> {
  if (catalogue) return catalogue;
  const map = new Map<string, Music>();
  for (let page = 0; ; page++) {
    const body = await api<Page<Music>>(`/musics?size=100&page=${page}`);
    for (const track of body.content) map.set(track.title, track);
    if (body.last) break;
  }
  catalogue = map;
  return map;
}

export async function trackNamed(title: string): Promise<Music> {
  const track = (await tracksByTitle()).get(title);
  if (!track) throw new Error(`no fixture track titled ${title}`);
  return track;
}

/** The fixture entry of a catalogue title (what the manifest said about it). */
export function fixture(title: string): FixtureTrack {
  const found = FIXTURE_TRACKS.find((t) => t.title === title);
  if (!found) throw new Error(`no fixture titled ${title}`);
  return found;
}

export async function createPlaylist(account: Account, name: string, description: string | null = null): Promise<Playlist> {
  return api<Playlist>('/playbox/create', { token: account.token, body: { name, description } });
}

export async function addToPlaylist(account: Account, playlistId: number, musicId: number): Promise<void> {
  await api('/playlist/add', { token: account.token, body: { playlistId, musicId } });
}

export async function like(account: Account, musicId: number): Promise<void> {
  await api('/my/like', { token: account.token, body: { musicId } });
}

export async function playlists(account: Account): Promise<Playlist[]> {
  return api<Playlist[]>('/playbox/list', { token: account.token });
}

/** Sets a user's level with the operator command (`npm run sori -- user:level`), as an operator would. */
/** Runs an operator command (`npm run sori -- …`) against the browser tests' server data. */
export function operator(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run the tests with npx playwright test)');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args[0]} exited with ${code}: ${output}`))));
  });
}

export async function setLevel(account: Account, level: number): Promise<void> {
  await operator('user:level', account.email, String(level));
}

let filesMade = 0;

/** A real audio file to upload, written into a folder of its own inside the run's E2E_FILES_DIR. */
export function audioFile(name: string, seconds = 4, bpm = 100): string {
  const files = process.env.E2E_FILES_DIR;
  if (!files) throw new Error('E2E_FILES_DIR is not set (run the tests with npx playwright test)');
  const dir = mkdtempSync(path.join(files, 'upload-'));
  const file = path.join(dir, name);
  const wav = renderTrack(7, bpm, seconds);
  // Each call is a file of its own, as a user's different recordings are (a second upload of the same bytes is
  // refused): its last sample, inaudibly, counts the calls.
  wav.writeInt16LE(++filesMade, wav.length - 2);
  writeFileSync(file, wav);
  return file;
}

/** Uploads an audio file through POST /my/musics, as the upload form does. */
export async function upload(account: Account, file: string, name = path.basename(file)): Promise<Music> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'audio/wav' }), name);
  const response = await fetch(`${BASE_URL}/api/my/musics`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { body: Music }).body;
}

/**
 * Gives an account something on every personal screen: likes, downloads (level 5), an upload and two
 * playlists with tracks. Answers the playlists.
 */
export async function furnish(account: Account): Promise<Playlist[]> {
  const titles = ['Golden Dreams 122', 'Neon Lights 125', 'Cosmic Road 119', SPECIAL_TITLES.calmPiano, SPECIAL_TITLES.markup];
  const tracks = await Promise.all(titles.map((t) => trackNamed(t)));
  await setLevel(account, 5);
  for (const track of tracks.slice(0, 3)) await like(account, track.id);
  for (const track of tracks.slice(2, 5)) await api('/download/download?musicId=' + track.id, { token: account.token });
  await upload(account, audioFile('내 첫 업로드.wav', 3, 110));
  const lists = [await createPlaylist(account, '출근길 플레이리스트', '아침에 듣는 곡'), await createPlaylist(account, '브이로그 BGM')];
  for (const track of tracks) await addToPlaylist(account, lists[1]!.id, track.id);
  await addToPlaylist(account, lists[0]!.id, tracks[0]!.id);
  return lists;
}

/** Puts an account on a plan (the operator command; the level follows). */
export async function setPlan(account: Account, plan: 'free' | 'premium' | 'family'): Promise<void> {
  await operator('user:plan', account.email, plan);
}
