/**
 * Short messages the app shows over any screen (PRODUCT §8's alerts: download gates, sidebar playlist
 * failures, 'link copied'). A tiny external store, so code outside React (mutations, the player) can post
 * them and the one <NoticeStack> in the layout shows them.
 */

export type NoticeTone = 'danger' | 'success' | 'info';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  /** An optional button inside the notice (e.g. 'Log in' under 'login required'). */
  action?: { label: string; onClick: () => void };
}

type Listener = () => void;

/** How long a notice stays; errors stay longer, since they ask the reader to do something. */
export const NOTICE_MS: Record<NoticeTone, number> = { danger: 8000, success: 4000, info: 5000 };
const MAX_NOTICES = 3;

export function createNoticeStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = (next: readonly Notice[]) => {
    notices = next;
    for (const listener of listeners) listener();
  };
  const dismiss = (id: number) => {
    if (notices.some((n) => n.id === id)) emit(notices.filter((n) => n.id !== id));
  };
  return {
    getSnapshot: () => notices,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Shows a notice; the same text already on screen is replaced rather than stacked twice. */
    show(tone: NoticeTone, text: string, action?: Notice['action']): number {
      const id = nextId++;
      const kept = notices.filter((n) => n.text !== text);
      emit([...kept, { id, tone, text, ...(action ? { action } : {}) }].slice(-MAX_NOTICES));
      schedule(() => dismiss(id), NOTICE_MS[tone]);
      return id;
    },
    dismiss,
  };
}

export type NoticeStore = ReturnType<typeof createNoticeStore>;

export const notices = createNoticeStore();
