import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session';

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}
