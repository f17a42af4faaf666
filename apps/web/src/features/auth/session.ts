import type { User } from '@sori/contract';

/**
 * The signed-in session (PRODUCT §4): ACCESS_TOKEN and USER_INFO in localStorage, mirrored in a small
 * external store that React reads with useSyncExternalStore. The API client clears it on 401/403.
 */

export const TOKEN_STORAGE_KEY = 'ACCESS_TOKEN';
export const USER_STORAGE_KEY = 'USER_INFO';

export interface Session {
  token: string | null;
  user: User | null;
}

export const SIGNED_OUT: Session = Object.freeze({ token: null, user: null });

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Enough of a User to drive the UI; anything else in USER_INFO counts as corrupt. */
export function isStoredUser(value: unknown): value is User {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'number' && typeof user.nick === 'string' && typeof user.level === 'number' && Number.isFinite(user.level);
}

/**
 * Start-up rules: user info is restored only when a token exists (otherwise it is removed); a corrupt value
 * is discarded together with the token. A token without user info stays: the user refresh fills it in.
 */
export function restoreSession(storage: SessionStorage | null): Session {
  if (!storage) return SIGNED_OUT;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(TOKEN_STORAGE_KEY);
    rawUser = storage.getItem(USER_STORAGE_KEY);
  } catch {
    return SIGNED_OUT;
  }
  if (!token) {
    if (rawUser !== null) safeRemove(storage, USER_STORAGE_KEY);
    return SIGNED_OUT;
  }
  if (rawUser === null) return { token, user: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawUser);
  } catch {
    parsed = undefined;
  }
  if (!isStoredUser(parsed)) {
    safeRemove(storage, USER_STORAGE_KEY);
    safeRemove(storage, TOKEN_STORAGE_KEY);
    return SIGNED_OUT;
  }
  return { token, user: parsed };
}

function safeRemove(storage: SessionStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing more can be done about a storage that refuses writes.
  }
}

function safeSet(storage: SessionStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // A full storage still leaves the session usable in this tab.
  }
}

export interface SessionStore {
  getSnapshot: () => Session;
  subscribe: (listener: () => void) => () => void;
  signIn: (token: string, user: User) => void;
  setUser: (user: User) => void;
  clear: () => void;
  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload: () => void;
}

export function createSessionStore(storage: SessionStorage | null): SessionStore {
  let session = restoreSession(storage);
  const listeners = new Set<() => void>();
  const emit = (next: Session) => {
    session = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => session,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (token, user) => {
      if (storage) {
        safeSet(storage, TOKEN_STORAGE_KEY, token);
        safeSet(storage, USER_STORAGE_KEY, JSON.stringify(user));
      }
      emit({ token, user });
    },
    setUser: (user) => {
      if (!session.token) return;
      if (storage) safeSet(storage, USER_STORAGE_KEY, JSON.stringify(user));
      emit({ token: session.token, user });
    },
    clear: () => {
      if (storage) {
        safeRemove(storage, TOKEN_STORAGE_KEY);
        safeRemove(storage, USER_STORAGE_KEY);
      }
      if (session.token !== null || session.user !== null) emit(SIGNED_OUT);
    },
    reload: () => {
      const next = restoreSession(storage);
      if (next.token !== session.token || JSON.stringify(next.user) !== JSON.stringify(session.user)) emit(next);
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one session. */
export const sessionStore = createSessionStore(browserStorage());

if (typeof window !== 'undefined') {
  // A sign-in or sign-out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) {
      sessionStore.reload();
    }
  });
}
