import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextStore } from './text-store';

// Latin-1 texts, Hangul and kana, and any UTF-16 code units (lone surrogates too): both storage forms.
const text = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('사', '랑', 'の', '夏', ' ', '-', 'a', 'é'), maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
);

describe('TextStore', () => {
  it('gives back exactly what was set, through rewrites, clears, growth, compaction and trims', () => {
    const op = fc.record({ key: fc.integer({ min: 0, max: 40 }), text, trim: fc.boolean() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const store = new TextStore();
        const model = new Map<number, string>();
        for (const o of ops) {
          store.grow(o.key + 1);
          store.set(o.key, o.text);
          model.set(o.key, o.text);
          if (o.trim) store.trim();
        }
        for (let key = 0; key < store.capacity; key++) expect(store.get(key)).toBe(model.get(key) ?? '');
      }),
    );
  });

  it('keeps a rewritten store from growing without bound (dead texts are compacted away)', () => {
    const store = new TextStore();
    store.grow(100);
    for (let round = 0; round < 200; round++) for (let key = 0; key < 100; key++) store.set(key, `사랑의 노래 ${round} ${key}`);
    // 100 live texts of about 14 UTF-16 units: a few KB, whatever was written before.
    expect(store.byteSize).toBeLessThan(80_000);
    expect(store.get(42)).toBe('사랑의 노래 199 42');
  });

  it('stores Latin-1 texts in one byte a character', () => {
    const store = new TextStore();
    store.grow(20_000);
    for (let key = 0; key < 20_000; key++) store.set(key, 'midnight coffee ');
    store.trim();
    const arrays = 20_000 * 8;
    expect(store.byteSize - arrays).toBe(20_000 * 16);
  });

  it('refuses a key outside its capacity', () => {
    const store = new TextStore();
    store.grow(3);
    expect(() => store.set(3, 'x')).toThrow(RangeError);
    expect(store.get(7)).toBe('');
  });
});
