import type { SigninResult, User } from '@sori/contract';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session';
import { refreshAt, startTokenRefresh, tokenTimes } from './token-refresh';

const user: User = { id: 7, nick: '민지', level: 1 } as User;

/** An unsigned JWT-shaped token with the given claims (the client never verifies; the server does). */
function jwt(claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
}

function fakeClock(start: number) {
  let now = start;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    pending: () => timers.length,
    /** Moves time forward, firing due timers in order. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > end) break;
        timers.shift();
        now = due.at;
        due.fn();
        await new Promise((r) => setTimeout(r, 0));
      }
      now = end;
    },
  };
}

describe('token times', () => {
  it('reads exp and iat and refreshes at three quarters of the life', () => {
    const token = jwt({ iat: 1000, exp: 1000 + 7200 });
    expect(tokenTimes(token)).toEqual({ issuedAt: 1_000_000, expiresAt: 8_200_000 });
    expect(refreshAt(token)).toBe(1_000_000 + 0.75 * 7_200_000);
  });
  it('refuses what is not a token with an expiry', () => {
    expect(tokenTimes('nonsense')).toBeNull();
    expect(tokenTimes(jwt({ iat: 1 }))).toBeNull();
    expect(refreshAt('a.%%%.c')).toBeNull();
  });
});

describe('startTokenRefresh', () => {
  const t0 = 1_700_000_000_000;

  it('exchanges the token before it lapses, and keeps doing so for the new one', async () => {
    const clock = fakeClock(t0);
    const store = createSessionStore(null);
    const first = jwt({ iat: t0 / 1000, exp: t0 / 1000 + 7200 });
    store.signIn(first, user);
    let calls = 0;
    const refresh = async (): Promise<SigninResult> => {
      calls++;
      const iat = clock.now() / 1000;
      return { token: jwt({ iat, exp: iat + 7200, n: calls }), expiresIn: 7200, user };
    };
    const stop = startTokenRefresh({ store, refresh, ...clock });
    await clock.advance(5399_000);
    expect(calls).toBe(0);
    await clock.advance(2_000);
    expect(calls).toBe(1);
    expect(store.getSnapshot().token).not.toBe(first);
    await clock.advance(5400_000);
    expect(calls).toBe(2);
    stop();
    expect(clock.pending()).toBe(0);
  });

  it('stops on sign-out and retries a failed refresh while the token lives', async () => {
    const clock = fakeClock(t0);
    const store = createSessionStore(null);
    store.signIn(jwt({ iat: t0 / 1000, exp: t0 / 1000 + 7200 }), user);
    let calls = 0;
    const refresh = async (): Promise<SigninResult> => {
      calls++;
      throw new Error('offline');
    };
    startTokenRefresh({ store, refresh, ...clock });
    await clock.advance(5400_000);
    expect(calls).toBe(1);
    await clock.advance(60_000);
    expect(calls).toBe(2);
    store.clear();
    expect(clock.pending()).toBe(0);
    await clock.advance(3600_000);
    expect(calls).toBe(2);
  });
});
