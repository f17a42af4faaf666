import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, createSessionStore, restoreSession } from './session';

const USER = {
  id: 7,
  email: 'a@b.co',
  name: '김소리',
  nick: '소리',
  phone: '010',
  team: null,
  level: 1,
  plan: 'free' as const,
  planExpiresAt: null,
  createdAt: '2024-01-01',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('session restore (PRODUCT §4)', () => {
  it('should restore user info when a token exists', () => {
    const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: 'tok', [USER_STORAGE_KEY]: JSON.stringify(USER) });
    expect(restoreSession(storage)).toEqual({ token: 'tok', user: USER });
  });

  it('should clear user info that has no token', () => {
    const storage = memoryStorage({ [USER_STORAGE_KEY]: JSON.stringify(USER) });
    expect(restoreSession(storage)).toEqual({ token: null, user: null });
    expect(storage.data.has(USER_STORAGE_KEY)).toBe(false);
  });

  it.each(['{not json', '"a string"', 'null', '[]', '{"nick":"x"}', JSON.stringify({ ...USER, level: '5' })])(
    'should discard a corrupt user value (%s) together with the token',
    (raw) => {
      const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: 'tok', [USER_STORAGE_KEY]: raw });
      expect(restoreSession(storage)).toEqual({ token: null, user: null });
      expect(storage.data.size).toBe(0);
    },
  );

  it('should keep a token without user info (the user refresh fills it in)', () => {
    const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: 'tok' });
    expect(restoreSession(storage)).toEqual({ token: 'tok', user: null });
  });

  it('should start signed out when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(restoreSession(storage)).toEqual({ token: null, user: null });
    expect(restoreSession(null)).toEqual({ token: null, user: null });
  });
});

describe('session store', () => {
  it('should store both values on sign-in and clear both on sign-out, notifying subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    let notified = 0;
    store.subscribe(() => notified++);

    store.signIn('tok', USER);
    expect(storage.data.get(TOKEN_STORAGE_KEY)).toBe('tok');
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY)!)).toEqual(USER);
    expect(store.getSnapshot()).toEqual({ token: 'tok', user: USER });

    store.setUser({ ...USER, level: 5 });
    expect(store.getSnapshot().user?.level).toBe(5);

    store.clear();
    expect(storage.data.size).toBe(0);
    expect(store.getSnapshot()).toEqual({ token: null, user: null });
    expect(notified).toBe(3);
  });

  it('should not set a user without a token', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.setUser(USER);
    expect(store.getSnapshot().user).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('should follow another tab through reload', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    storage.setItem(TOKEN_STORAGE_KEY, 'other-tab');
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(USER));
    store.reload();
    expect(store.getSnapshot().token).toBe('other-tab');
  });
});
