import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const c = new Lru<number, string>(2);
    c.set(1, 'a');
    c.set(2, 'b');
    expect(c.get(1)).toBe('a');
    c.set(3, 'c');
    expect(c.get(2)).toBeUndefined();
    expect(c.get(1)).toBe('a');
    expect(c.get(3)).toBe('c');
    expect(c.size).toBe(2);
    c.delete(1);
    expect(c.get(1)).toBeUndefined();
  });
});
