import { describe, expect, it } from 'vitest';
import { createNoticeStore, NOTICE_MS } from './notices';

function setup() {
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const store = createNoticeStore(
    (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    (handle) => ((handle as { cancelled: boolean }).cancelled = true),
  );
  /** Runs the timers still pending, as if their time had passed. */
  const elapse = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.fn();
  };
  return { store, timers, elapse };
}

describe('notices', () => {
  it('a notice with text to copy by hand stays until closed, its text kept whole', () => {
    const { store, timers, elapse } = setup();
    store.showCopy('링크를 복사하지 못했습니다.', 'https://sori.example/track/7');
    expect(timers).toEqual([]);
    elapse();
    expect(store.getSnapshot()).toEqual([
      { id: 1, tone: 'info', text: '링크를 복사하지 못했습니다.', copy: 'https://sori.example/track/7' },
    ]);
    store.dismiss(1);
    expect(store.getSnapshot()).toEqual([]);
  });

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

  it('should keep a notice while the reader is on it, and give it its full time again after', () => {
    const { store, timers, elapse } = setup();
    const id = store.show('danger', '다운로드에 실패했습니다.');
    store.hold(id);
    elapse();
    expect(
      store.getSnapshot().map((n) => n.id),
      'held: still shown',
    ).toEqual([id]);
    store.release(id);
    expect(timers.at(-1)!.ms).toBe(NOTICE_MS.danger);
    elapse();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('should let the notices that wait to be used go with the page they were about, and no other', () => {
    const { store } = setup();
    store.show('danger', '레벨 5 이상만 다운로드할 수 있습니다.', { label: '요금제 보기', onClick: () => undefined });
    store.showCopy('클립보드에 복사하지 못했습니다.', 'https://sori.example/track/7');
    const timed = store.show('success', '다운로드를 시작합니다.');
    const newVersion = store.showAppWide('info', '새 버전이 나왔습니다.', { label: '새로 고침', onClick: () => undefined });
    store.leavePage();
    expect(store.getSnapshot().map((n) => n.id)).toEqual([timed, newVersion]);
  });

  it('should keep a notice with a button until it is used, closed or replaced', () => {
    const { store, elapse } = setup();
    const id = store.show('danger', '레벨 5 이상만 다운로드할 수 있습니다.', { label: '요금제 보기', onClick: () => undefined });
    elapse();
    expect(store.getSnapshot().map((n) => n.id)).toEqual([id]);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
  });
});
