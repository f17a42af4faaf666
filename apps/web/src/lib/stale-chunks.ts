/**
 * A tab opened before a deploy asks for the old build's hashed chunks under /assets/, which the new build no
 * longer has (the server answers 404): every screen or dialog not yet loaded then fails to import. A reload
 * gets the new index.html and its chunks, so the first such failure reloads the page once; a second one soon
 * after (the reload did not help, or the browser is offline) shows a message with a reload button instead.
 */

/** Errors Vite's preload helper reported (`vite:preloadError`): failed imports whatever the browser calls them. */
const reported = new WeakSet<object>();

/** What the browsers say when an `import()` or its stylesheet cannot be fetched (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (?:CSS )?chunk [^ ]+ failed/iu;

/** Whether `error` is a failed download of a lazy chunk, not a bug in the code it holds. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (reported.has(error)) return true;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_FAILURE.test(message));
}

/**
 * Notes each import Vite's preload helper saw fail (`vite:preloadError`, which carries the error it then
 * throws), so `isChunkLoadError` knows it in any browser's wording. The error still reaches the boundary of the
 * screen or dialog that asked for it, which decides; an idle warm-up that fails stays quiet.
 */
export function noteFailedChunks(win: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (typeof payload === 'object' && payload !== null) reported.add(payload);
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}

/** The session's note of the last reload made for a new version, in ms since the epoch. */
export const RELOAD_MARKER = 'sori.reloadedForNewVersion';
/**
 * A failure this soon after such a reload is not reloaded again: the reload did not help (the server still
 * lacks the chunk), so the message is shown and the reader chooses. Long enough for a slow page load.
 */
export const RELOAD_GUARD_MS = 5 * 60_000;

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
  online: () => boolean;
}

function browserEnvironment(): ReloadEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: without a note of the reload there is no guard against a loop, so no reload.
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload(), online: () => navigator.onLine };
}

/**
 * Reloads the page to get the new version, unless that was already tried within `RELOAD_GUARD_MS` in this
 * tab, the session cannot note it (no guard against a loop), or the browser is offline (a reload would show
 * the browser's error page). Returns whether it reloads.
 */
export function reloadForNewVersion(env: ReloadEnvironment = browserEnvironment()): boolean {
  const { storage } = env;
  if (!storage || !env.online()) return false;
  const now = env.now();
  try {
    const last = Number(storage.getItem(RELOAD_MARKER));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_MARKER, String(now));
    // Read back: a storage that drops what it is given (full, or blocked on write) cannot guard.
    if (storage.getItem(RELOAD_MARKER) !== String(now)) return false;
  } catch {
    return false;
  }
  env.reload();
  return true;
}
