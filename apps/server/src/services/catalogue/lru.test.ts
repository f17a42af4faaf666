import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps recently used entries and stays bounded', () => {
    const c = new Lru<number, string>(4);
    for (let i = 0; i < 100; i++) {
      c.set(i, String(i));
      expect(c.get(0) ?? c.get(i)).toBeDefined();
      expect(c.size).toBeLessThanOrEqual(4);
    }
    // 0 was read after every insert, so it survived; an entry never read again is gone.
    expect(c.get(0)).toBe('0');
    expect(c.get(50)).toBeUndefined();
    expect(c.get(99)).toBe('99');
  });

  it('forgets deleted entries and replaces values', () => {
    const c = new Lru<string, number>(10);
    c.set('a', 1);
    c.set('a', 2);
    expect(c.get('a')).toBe(2);
    c.delete('a');
    expect(c.get('a')).toBeUndefined();
    c.set('b', 1);
    c.clear();
    expect(c.size).toBe(0);
  });
});

describe('Lru with weights', () => {
  it('bounds the sum of weights, not the count', () => {
    const c = new Lru<number, string>(100, (v) => v.length);
    for (let i = 0; i < 50; i++) c.set(i, 'x'.repeat(20));
    // Two generations of under 50 units each: at most 2 × 3 entries of 20 survive, the newest among them.
    expect(c.size).toBeLessThanOrEqual(6);
    expect(c.get(49)).toBeDefined();
    expect(c.get(0)).toBeUndefined();
    // Replacing and deleting keep the count of the young generation's weight right.
    c.set(100, 'y'.repeat(40));
    c.set(100, 'y');
    c.delete(49);
    for (let i = 0; i < 10; i++) c.set(200 + i, 'z');
    expect(c.get(100)).toBe('y');
  });
});
