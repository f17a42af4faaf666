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
  /** Text the reader copies by hand (the clipboard refused it), shown selected in a read-only field. */
  copy?: string;
}

type Listener = () => void;

/** How long a notice stays; errors stay longer, since they ask the reader to do something. */
export const NOTICE_MS: Record<NoticeTone, number> = { danger: 8000, success: 4000, info: 5000 };
const MAX_NOTICES = 3;

/**
 * A notice goes after its time (`NOTICE_MS`), but not while the reader is on it (`hold`: pointer over it or
 * focus in it; its time starts again on `release`), and one with a button not at all: a keyboard user may need
 * more than 8 s to reach the button, so it stays until used, closed or replaced. Nor does one holding text to copy
 * by hand (`showCopy`): selecting and copying takes as long as it takes. Those two go when the reader moves to
 * another page (`leavePage`): they were about what was done on the page left.
 */
export function createNoticeStore(
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
  cancel: (handle: unknown) => void = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
) {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, unknown>();
  const held = new Set<number>();
  /** Notices about the app rather than a page (`showAppWide`), which stay when the page changes. */
  const appWide = new Set<number>();
  const emit = (next: readonly Notice[]) => {
    notices = next;
    for (const listener of listeners) listener();
  };
  const stopTimer = (id: number) => {
    if (timers.has(id)) cancel(timers.get(id));
    timers.delete(id);
  };
  const dismiss = (id: number) => {
    stopTimer(id);
    held.delete(id);
    appWide.delete(id);
    if (notices.some((n) => n.id === id)) emit(notices.filter((n) => n.id !== id));
  };
  const startTimer = (notice: Notice) => {
    stopTimer(notice.id);
    if (!notice.action && notice.copy === undefined && !held.has(notice.id))
      timers.set(
        notice.id,
        schedule(() => dismiss(notice.id), NOTICE_MS[notice.tone]),
      );
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
    show(tone: NoticeTone, text: string, action?: Notice['action'], copy?: string): number {
      const id = nextId++;
      const kept = notices.filter((n) => n.text !== text);
      for (const gone of notices) if (gone.text === text) stopTimer(gone.id);
      const notice: Notice = { id, tone, text, ...(action ? { action } : {}), ...(copy === undefined ? {} : { copy }) };
      const next = [...kept, notice];
      for (const gone of next.slice(0, -MAX_NOTICES)) stopTimer(gone.id);
      emit(next.slice(-MAX_NOTICES));
      startTimer(notice);
      return id;
    },
    /**
     * The clipboard refused `copy` (no permission, no secure context): says so in `text` and shows `copy` in a
     * field, selected, to copy by hand. It stays until closed.
     */
    showCopy(text: string, copy: string): number {
      return this.show('info', text, undefined, copy);
    },
    /** A notice about the app, not the page it is shown on (a new version is out): it stays when the page changes. */
    showAppWide(tone: NoticeTone, text: string, action?: Notice['action']): number {
      const id = this.show(tone, text, action);
      appWide.add(id);
      return id;
    },
    /** The reader is on the notice: it stays until `release`. */
    hold(id: number): void {
      held.add(id);
      stopTimer(id);
    },
    /** The reader left the notice: its full time starts again. */
    release(id: number): void {
      held.delete(id);
      const notice = notices.find((n) => n.id === id);
      if (notice) startTimer(notice);
    },
    /**
     * The reader moved to another page: the notices that wait to be used (a button, text to copy) were about
     * the page left and go with it. A "level 5 required · See plans" on the uploads page stayed over the
     * account page's password form until closed. Notices that go by themselves keep their time.
     */
    leavePage(): void {
      for (const notice of notices) {
        if ((notice.action || notice.copy !== undefined) && !appWide.has(notice.id)) dismiss(notice.id);
      }
    },
    dismiss,
  };
}

export type NoticeStore = ReturnType<typeof createNoticeStore>;

export const notices = createNoticeStore();
