import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { signOut } from './queries';
import { sessionStore } from './session';

const user = {
  id: 7,
  email: 'a@example.com',
  name: '소리',
  nick: '소리',
  phone: '010',
  team: null,
  level: 1,
  plan: 'free' as const,
  planExpiresAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('signOut', () => {
  afterEach(() => {
    sessionStore.clear();
    configureApiClient({ getToken: () => null, fetch: (...args) => globalThis.fetch(...args) });
  });

  it('asks the server to end the session with the token, and clears the session at once', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
    configureApiClient({ baseUrl: '/api', fetch: fetchMock, getToken: () => sessionStore.getSnapshot().token });
    sessionStore.signIn('tok-123', user);
    signOut();
    expect(sessionStore.getSnapshot()).toEqual({ token: null, user: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/signout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('signs out offline too: a failed request changes nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    configureApiClient({ baseUrl: '/api', fetch: fetchMock, getToken: () => sessionStore.getSnapshot().token });
    sessionStore.signIn('tok-456', user);
    signOut();
    await Promise.resolve();
    expect(sessionStore.getSnapshot().token).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });
});
