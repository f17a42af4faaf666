import { describe, expect, it } from 'vitest';
import { createNoticeStore, NOTICE_MS } from './notices';

function setup() {
  const timers: { fn: () => void; ms: number }[] = [];
  const store = createNoticeStore((fn, ms) => timers.push({ fn, ms }));
  return { store, timers };
}

describe('notices', () => {
  it('should show a notice and take it away after its time', () => {
    const { store, timers } = setup();
    store.show('danger', '다운로드에 실패했습니다.');
    expect(store.getSnapshot().map((n) => n.text)).toEqual(['다운로드에 실패했습니다.']);
    expect(timers[0]!.ms).toBe(NOTICE_MS.danger);
    timers[0]!.fn();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('should not stack the same text twice, and keep at most three', () => {
    const { store } = setup();
    store.show('info', 'a');
    store.show('info', 'a');
    expect(store.getSnapshot()).toHaveLength(1);
    for (const text of ['b', 'c', 'd']) store.show('success', text);
    expect(store.getSnapshot().map((n) => n.text)).toEqual(['b', 'c', 'd']);
  });

  it('should dismiss by id and tell subscribers', () => {
    const { store } = setup();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    const id = store.show('success', 'saved');
    store.dismiss(id);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(calls).toBe(2);
  });
});
