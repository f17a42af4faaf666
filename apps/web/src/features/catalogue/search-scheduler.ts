import { DUPLICATE_SEARCH_GUARD_MS, SEARCH_DEBOUNCE_MS } from '@sori/contract';
import { normalizeConditions, type SearchConditions } from './search-conditions';

/** 'simple' comes from the text box; 'advanced' from the filters (PRODUCT §4). */
export type SearchKind = 'simple' | 'advanced';

export interface SearchRequest {
  kind: SearchKind;
  conditions: SearchConditions;
  /** Typed-and-paused searches may replace the history entry of the previous one instead of adding one. */
  debounced: boolean;
}

export interface SchedulerClock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

const realClock: SchedulerClock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * When a search runs (PRODUCT §4), free of React so the timing rules are unit-tested:
 * - typed text searches 300 ms after typing stops, and only when it is not empty; emptying the box of a
 *   text search shows the list without text at once;
 * - Enter or the button searches at once;
 * - a filter change searches 300 ms later; removing the last filter searches too, so the list never
 *   keeps showing results of a filter no longer on screen;
 * - a simple search within 350 ms of an advanced one is ignored (the text box's Enter or debounce
 *   following a filter apply would otherwise search twice).
 */
export class SearchScheduler {
  private timer: unknown = null;
  private lastAdvancedAt = -Infinity;

  constructor(
    private run: (request: SearchRequest) => void,
    private readonly clock: SchedulerClock = realClock,
    private readonly debounceMs = SEARCH_DEBOUNCE_MS,
    private readonly guardMs = DUPLICATE_SEARCH_GUARD_MS,
  ) {}

  /** The text box changed. */
  textChanged(conditions: SearchConditions): void {
    this.cancel();
    if (conditions.q.trim() === '') return;
    this.timer = this.clock.setTimer(() => this.fire('simple', conditions, true), this.debounceMs);
  }

  /**
   * The text box was emptied (by typing or its clear button) while the list shows a text search: the list
   * without text comes back at once. This is not a search for empty text, so neither the debounce nor the
   * 350 ms guard applies.
   */
  textCleared(conditions: SearchConditions): void {
    this.cancel();
    this.run({ kind: 'simple', conditions: normalizeConditions({ ...conditions, q: '' }), debounced: false });
  }

  /** Enter or the search button. */
  submitText(conditions: SearchConditions): void {
    this.cancel();
    this.fire('simple', conditions, false);
  }

  /** A filter changed (dropdowns, tags, BPM boxes). */
  filtersChanged(conditions: SearchConditions): void {
    this.cancel();
    this.timer = this.clock.setTimer(() => this.fire('advanced', conditions, false), this.debounceMs);
  }

  /** Filters applied at once (the filter modal's button, a tag's remove button). */
  applyFilters(conditions: SearchConditions): void {
    this.cancel();
    this.fire('advanced', conditions, false);
  }

  /** Replaces what a search does (a component hands in a runner that sees its latest props). */
  setRunner(run: (request: SearchRequest) => void): void {
    this.run = run;
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
  }

  private fire(kind: SearchKind, conditions: SearchConditions, debounced: boolean): void {
    this.timer = null;
    const now = this.clock.now();
    if (kind === 'simple' && now - this.lastAdvancedAt < this.guardMs) return;
    if (kind === 'advanced') this.lastAdvancedAt = now;
    this.run({ kind, conditions: normalizeConditions(conditions), debounced });
  }
}
