import { useEffect } from 'react';

/**
 * Work in this tab that closing it would lose: files not yet on the server, changes not yet saved. What has
 * such work holds it while it lasts (`hold`, `useUnsavedWork`), and meanwhile closing or reloading the tab
 * gets the browser's own question. Moving between the app's screens loses none of it (the upload queue and
 * its reviews outlive the upload screen), so that asks nothing. A tiny external store, like the notices.
 */
export type UnsavedWork = 'uploads' | 'changes';

type Listener = () => void;

type UnloadTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const ask = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers ask only when a return value is set.
  event.returnValue = '';
};

export function createUnsavedStore(target: UnloadTarget | null = typeof window === 'undefined' ? null : window) {
  const held = new Map<symbol, UnsavedWork>();
  const listeners = new Set<Listener>();
  // The kinds held, in a fixed order and as one string, so that an unchanged set is an unchanged snapshot.
  let snapshot = '';
  const emit = () => {
    const kinds = (['uploads', 'changes'] as const).filter((kind) => [...held.values()].includes(kind));
    const next = kinds.join(' ');
    if (next === snapshot) return;
    if (next && !snapshot) target?.addEventListener('beforeunload', ask);
    if (!next && snapshot) target?.removeEventListener('beforeunload', ask);
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    /** The kinds of work held now, space-separated ('' for none). */
    getSnapshot: () => snapshot,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Holds one piece of work; the function returned lets go of it. */
    hold(kind: UnsavedWork): () => void {
      const key = Symbol(kind);
      held.set(key, kind);
      emit();
      return () => {
        held.delete(key);
        emit();
      };
    },
  };
}

export const unsavedWork = createUnsavedStore();

/** Holds `kind` of unsaved work while `active` is true and the component is mounted. */
export function useUnsavedWork(kind: UnsavedWork, active: boolean): void {
  useEffect(() => (active ? unsavedWork.hold(kind) : undefined), [kind, active]);
}
