import { describe, expect, it } from 'vitest';
import { createUnsavedStore } from './unsaved';

describe('unsaved work', () => {
  it('says which kinds are held until the last piece of each is let go, and tells listeners only of a change', () => {
    const store = createUnsavedStore(null);
    let told = 0;
    store.subscribe(() => told++);
    expect(store.getSnapshot()).toBe('');
    const form = store.hold('changes');
    const other = store.hold('changes');
    const files = store.hold('uploads');
    expect(store.getSnapshot()).toBe('uploads changes');
    expect(told).toBe(2);
    form();
    expect(store.getSnapshot()).toBe('uploads changes');
    expect(told).toBe(2);
    files();
    other();
    expect(store.getSnapshot()).toBe('');
    expect(told).toBe(4);
  });

  it('has closing the tab ask first exactly while something is held', () => {
    const listening = new Set<unknown>();
    const target = {
      addEventListener: (type: string, fn: unknown) => type === 'beforeunload' && listening.add(fn),
      removeEventListener: (type: string, fn: unknown) => type === 'beforeunload' && listening.delete(fn),
    } as unknown as Window;
    const store = createUnsavedStore(target);
    expect(listening.size).toBe(0);
    const files = store.hold('uploads');
    const form = store.hold('changes');
    expect(listening.size).toBe(1);
    const [asks] = [...listening] as ((event: Event) => void)[];
    const event = new Event('beforeunload', { cancelable: true });
    asks!(event);
    expect(event.defaultPrevented).toBe(true);
    files();
    expect(listening.size).toBe(1);
    form();
    expect(listening.size).toBe(0);
  });
});
