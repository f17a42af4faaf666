/**
 * A sort order over ids: every id with a non-null key, sorted by (key, id) ascending. Descending order is
 * the same array read backwards, which gives (key desc, id desc) as the tie rule requires.
 *
 * Writes do not re-sort. A change is recorded (with the key the id is filed under, so it can be found again)
 * and applied at the next read: the changed ids are cut out by binary search and the new ones merged in by
 * binary search and block copies, O(k log n + n) copying instead of a sort of n. When many ids changed the
 * order is rebuilt outright. A single change of an id that stays in the order (a popularity bump) is applied
 * at once by sliding the ids between its old and new place.
 */
export interface PermKeys<K> {
  /** The current key of an id, null when it has none (it then sorts among the nulls, outside this order). */
  key(id: number): K | null;
  compare(a: K, b: K): number;
  /** Every id with a non-null key, sorted by (key, id): the full rebuild. */
  sortAll(): Uint32Array;
}

export class SortedPerm<K> {
  private ids: Uint32Array = new Uint32Array(0);
  private len = 0;
  /** Ids filed under a key that has since changed, with that key (they are still in `ids`). */
  private readonly filed = new Map<number, K>();
  /** Ids to insert with their current key. */
  private readonly pending = new Set<number>();
  private built = false;
  /** Each id's position in `ids` (see `ranks`), and whether it still matches `ids`. */
  private rankOf: Uint32Array = new Uint32Array(0);
  private ranksFresh = false;

  constructor(private readonly keys: PermKeys<K>) {}

  /** Forgets everything; the next read rebuilds. */
  invalidate(): void {
    this.built = false;
    this.ranksFresh = false;
    this.filed.clear();
    this.pending.clear();
  }

  /**
   * Records that id's key changes from `before` (null: it had none or did not exist) to its current key,
   * which must already be readable through keys.key(id).
   */
  change(id: number, before: K | null): void {
    this.ranksFresh = false;
    if (!this.built) return;
    const after = this.keys.key(id);
    const wasPending = this.pending.delete(id);
    const inOrder = !wasPending && before !== null && !this.filed.has(id);
    if (inOrder && after !== null && this.filed.size === 0 && this.pending.size === 0) {
      this.move(id, before, after);
      return;
    }
    if (inOrder) this.filed.set(id, before);
    if (after !== null) this.pending.add(id);
  }

  /** The sorted ids (a view, valid until the next write). */
  view(): Uint32Array {
    this.settle();
    return this.ids.subarray(0, this.len);
  }

  get length(): number {
    this.settle();
    return this.len;
  }

  /**
   * Each id's position in the order, indexed by id (a view, valid until the next write; only ids in the order
   * have a meaningful entry). Made on demand in one pass after a change: a page is then made by marking
   * each match's position and reading the marks in order, instead of by comparing the matches' keys.
   */
  ranks(): Uint32Array {
    const ids = this.view();
    if (!this.ranksFresh) {
      let max = 0;
      for (let i = 0; i < ids.length; i++) if (ids[i]! > max) max = ids[i]!;
      // Room for an eighth more ids, so a catalogue that grows does not reallocate on every new id.
      if (this.rankOf.length <= max) this.rankOf = new Uint32Array(Math.ceil((max + 1) * 1.125));
      for (let i = 0; i < ids.length; i++) this.rankOf[ids[i]!] = i;
      this.ranksFresh = true;
    }
    return this.rankOf;
  }

  /** First position whose key is not below `key` (ids ignored), by a key comparison function. */
  lowerBound(below: (key: K) => boolean): number {
    this.settle();
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (below(this.keys.key(this.ids[mid]!)!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private settle(): void {
    if (!this.built) {
      this.ids = this.keys.sortAll();
      this.len = this.ids.length;
      this.built = true;
      return;
    }
    const changes = this.filed.size + this.pending.size;
    if (changes === 0) return;
    if (changes > (this.len >>> 4) + 64) {
      this.invalidate();
      this.settle();
      return;
    }
    this.cutFiled();
    this.mergePending();
  }

  /** The key an id in the order is filed under (its old key while a change is pending). */
  private filedKey(id: number): K {
    return this.filed.has(id) ? this.filed.get(id)! : this.keys.key(id)!;
  }

  private cmp(ka: K, a: number, kb: K, b: number): number {
    return this.keys.compare(ka, kb) || a - b;
  }

  /** Position of (key, id) in ids[0, len) by the filed keys: where it is, or where it would go. */
  private position(key: K, id: number, filedKeys: boolean): number {
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.ids[mid]!;
      const ko = filedKeys ? this.filedKey(other) : this.keys.key(other)!;
      if (this.cmp(ko, other, key, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private cutFiled(): void {
    if (this.filed.size === 0) return;
    const positions: number[] = [];
    for (const [id, key] of this.filed) {
      const p = this.position(key, id, true);
      if (this.ids[p] !== id) throw new Error(`sorted-perm: id ${id} not found where it was filed`);
      positions.push(p);
    }
    positions.sort((a, b) => a - b);
    let write = positions[0]!;
    for (let i = 0; i < positions.length; i++) {
      const from = positions[i]! + 1;
      const to = i + 1 < positions.length ? positions[i + 1]! : this.len;
      this.ids.copyWithin(write, from, to);
      write += to - from;
    }
    this.len = write;
    this.filed.clear();
  }

  private mergePending(): void {
    if (this.pending.size === 0) return;
    const adds = [...this.pending];
    this.pending.clear();
    const keyed = adds.map((id) => ({ id, key: this.keys.key(id)! }));
    keyed.sort((a, b) => this.cmp(a.key, a.id, b.key, b.id));
    const positions = keyed.map((e) => this.position(e.key, e.id, false));
    const newLen = this.len + keyed.length;
    if (newLen > this.ids.length) {
      const bigger = new Uint32Array(Math.max(newLen, Math.ceil(this.ids.length * 1.25)));
      bigger.set(this.ids.subarray(0, this.len));
      this.ids = bigger;
    }
    // Merge from the back so every block moves once, in place.
    let end = this.len;
    for (let i = keyed.length - 1; i >= 0; i--) {
      const p = positions[i]!;
      this.ids.copyWithin(p + i + 1, p, end);
      this.ids[p + i] = keyed[i]!.id;
      end = p;
    }
    this.len = newLen;
  }

  private move(id: number, before: K, after: K): void {
    this.filed.set(id, before);
    const from = this.position(before, id, true);
    this.filed.delete(id);
    if (this.ids[from] !== id) throw new Error(`sorted-perm: id ${id} not found where it was filed`);
    // Binary search among the other ids (logical index j skips `from`): the result is the id's new index.
    let lo = 0;
    let hi = this.len - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.ids[mid < from ? mid : mid + 1]!;
      if (this.cmp(this.keys.key(other)!, other, after, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    const to = lo;
    if (to > from) this.ids.copyWithin(from, from + 1, to + 1);
    else if (to < from) this.ids.copyWithin(to + 1, to, from);
    this.ids[to] = id;
  }
}
