import type { SigninResult } from '@sori/contract';
import type { SessionStore } from './session';

/**
 * Keeps an active user signed in: a token lives two hours (the server's TOKEN_TTL_SECONDS), so each token is
 * exchanged for a new one of the same session once three quarters of its life have passed. The session's
 * absolute lifetime is the server's rule: past it the refresh answers 401 and the API client signs out.
 */

/** The `exp` and `iat` claims of a JWT, in milliseconds, read without verifying (the server verifies). */
export function tokenTimes(token: string): { issuedAt: number | null; expiresAt: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/gu, '+').replace(/_/gu, '/'));
    const claims = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof claims.exp !== 'number') return null;
    return { expiresAt: claims.exp * 1000, issuedAt: typeof claims.iat === 'number' ? claims.iat * 1000 : null };
  } catch {
    return null;
  }
}

/** When to refresh a token: at three quarters of its life (or a minute before expiry when its start is unknown). */
export function refreshAt(token: string): number | null {
  const times = tokenTimes(token);
  if (!times) return null;
  if (times.issuedAt === null || times.issuedAt >= times.expiresAt) return times.expiresAt - 60_000;
  return times.issuedAt + 0.75 * (times.expiresAt - times.issuedAt);
}

/** A failed refresh that was not a 401 (offline, a 5xx) is tried again this much later, while the token lives. */
export const RETRY_MS = 60_000;

export interface RefreshDeps {
  store: SessionStore;
  refresh: () => Promise<SigninResult>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Starts refreshing whenever a token is held; returns a function that stops it. */
export function startTokenRefresh(deps: RefreshDeps): () => void {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let scheduledFor: string | null = null;

  const schedule = (token: string, at: number) => {
    if (timer !== null) clearTimer(timer);
    scheduledFor = token;
    // Timers are capped near 24.8 days; a far-off refresh simply re-schedules when it fires.
    timer = setTimer(() => void run(token), Math.min(Math.max(0, at - now()), 2 ** 31 - 1));
  };

  const run = async (token: string) => {
    timer = null;
    if (deps.store.getSnapshot().token !== token) return;
    const at = refreshAt(token);
    if (at !== null && at > now()) {
      schedule(token, at);
      return;
    }
    try {
      const result = await deps.refresh();
      // Signed out, or another tab's token, while the request was out: that session's state wins.
      if (deps.store.getSnapshot().token === token) deps.store.signIn(result.token, result.user);
    } catch {
      // A 401 has already cleared the session through the API client; anything else is tried again.
      const times = tokenTimes(token);
      if (deps.store.getSnapshot().token === token && times && times.expiresAt > now() + RETRY_MS) {
        schedule(token, now() + RETRY_MS);
      }
    }
  };

  const follow = () => {
    const token = deps.store.getSnapshot().token;
    if (token === scheduledFor) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    scheduledFor = null;
    if (!token) return;
    const at = refreshAt(token);
    if (at !== null) schedule(token, at);
  };

  const unsubscribe = deps.store.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}
