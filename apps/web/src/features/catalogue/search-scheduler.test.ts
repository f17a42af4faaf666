import { describe, expect, it } from 'vitest';
import { NO_CONDITIONS, type SearchConditions } from './search-conditions';
import { SearchScheduler, type SchedulerClock, type SearchRequest } from './search-scheduler';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: SchedulerClock = {
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (handle) => {
      timers = timers.filter((t) => t.id !== handle);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { clock, advance };
}

const text = (q: string): SearchConditions => ({ ...NO_CONDITIONS, q });
const genre = (g: number, q = ''): SearchConditions => ({ ...NO_CONDITIONS, q, genre: g });

function setup() {
  const runs: SearchRequest[] = [];
  const { clock, advance } = manualClock();
  const scheduler = new SearchScheduler((r) => runs.push(r), clock);
  return { runs, advance, scheduler };
}

describe('SearchScheduler', () => {
  it('should search typed text 300 ms after typing stops', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.textChanged(text('p'));
    advance(200);
    scheduler.textChanged(text('pi'));
    advance(299);
    expect(runs).toEqual([]);
    advance(1);
    expect(runs).toEqual([{ kind: 'simple', conditions: text('pi'), debounced: true }]);
  });

  it('should not search empty or blank text as it is typed', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.textChanged(text('piano'));
    advance(100);
    scheduler.textChanged(text('   '));
    advance(1000);
    expect(runs).toEqual([]);
  });

  it('should search at once on Enter and drop the pending typed search', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.textChanged(text(' jazz '));
    scheduler.submitText(text(' jazz '));
    expect(runs).toEqual([{ kind: 'simple', conditions: text('jazz'), debounced: false }]);
    advance(1000);
    expect(runs).toHaveLength(1);
  });

  it('should search 300 ms after the last filter change', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.filtersChanged(genre(300));
    advance(250);
    scheduler.filtersChanged(genre(301));
    advance(299);
    expect(runs).toEqual([]);
    advance(1);
    expect(runs).toEqual([{ kind: 'advanced', conditions: genre(301), debounced: false }]);
  });

  it('should search when the last filter is removed too', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.filtersChanged(text('rain'));
    advance(300);
    expect(runs.map((r) => r.conditions)).toEqual([text('rain')]);
  });

  it('should ignore a simple search within 350 ms of an advanced one', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.applyFilters(genre(500, 'drive'));
    advance(349);
    scheduler.submitText(text('drive'));
    expect(runs.map((r) => r.kind)).toEqual(['advanced']);
    advance(1);
    scheduler.submitText(text('drive'));
    expect(runs.map((r) => r.kind)).toEqual(['advanced', 'simple']);
  });

  it('should let a debounced text search through once the guard has passed', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.applyFilters(genre(500));
    scheduler.textChanged(genre(500, 'city'));
    advance(300);
    expect(runs.map((r) => r.kind)).toEqual(['advanced']);
    scheduler.textChanged(genre(500, 'city lights'));
    advance(300);
    expect(runs.map((r) => r.kind)).toEqual(['advanced', 'simple']);
  });

  it('should forget a pending search when cancelled', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.filtersChanged(genre(200));
    scheduler.cancel();
    advance(1000);
    expect(runs).toEqual([]);
  });

  it('should show the list without text at once when the box of a text search is emptied, guard or not', () => {
    const { runs, advance, scheduler } = setup();
    scheduler.applyFilters(genre(200, 'rain'));
    scheduler.textChanged(genre(200, 'rai'));
    advance(10);
    scheduler.textCleared(genre(200, ''));
    expect(runs.slice(1)).toEqual([{ kind: 'simple', conditions: genre(200), debounced: false }]);
    advance(1000);
    expect(runs).toHaveLength(2);
  });

  it('should hand searches to a replaced runner', () => {
    const { runs, scheduler } = setup();
    const other: SearchRequest[] = [];
    scheduler.setRunner((r) => other.push(r));
    scheduler.submitText(text('x'));
    expect(runs).toEqual([]);
    expect(other).toHaveLength(1);
  });
});
