/**
 * A bounded cache that keeps recently used entries: two generations of at most max/2 each; a hit in the
 * old generation moves the entry to the new one, and when the new one fills, the old one is dropped whole.
 * Cheaper per read than a strict LRU (no reordering on every hit), which showed in the profile.
 *
 * `max` counts entries, or, with `weigh`, the sum of the entries' weights (bytes, say).
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;
  private youngWeight = 0;

  constructor(
    max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) {
      this.old.delete(key);
      this.put(key, o);
    }
    return o;
  }

  set(key: K, value: V): void {
    this.old.delete(key);
    this.put(key, value);
  }

  private put(key: K, value: V) {
    const replaced = this.young.get(key);
    if (replaced !== undefined) this.youngWeight -= this.weigh(replaced);
    this.young.set(key, value);
    this.youngWeight += this.weigh(value);
    if (this.youngWeight >= this.half) {
      this.old = this.young;
      this.young = new Map();
      this.youngWeight = 0;
    }
  }

  delete(key: K): void {
    const v = this.young.get(key);
    if (v !== undefined) {
      this.youngWeight -= this.weigh(v);
      this.young.delete(key);
    }
    this.old.delete(key);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngWeight = 0;
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
