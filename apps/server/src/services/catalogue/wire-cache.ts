/**
 * Tracks' public wire JSON by id, kept in one ring of bytes for building pages without reading rows.
 *
 * One fixed arena instead of a map of small Buffers: no per-entry objects (nothing for the collector to
 * trace, no 8 KB pool slab pinned by a 300-byte slice), exact byte accounting, and a cache of a given size
 * holds about twice the tracks. Entries are appended at the head; when the head comes round it overwrites
 * the oldest entries, which are forgotten first (FIFO). A hit on an entry in the older half of the ring is
 * copied to the head again (`refresh`), so what pages keep asking for stays while one-off reads age out:
 * close to LRU at the cost of an occasional copy.
 *
 * Bytes handed out are copies (`copyInto`): the ring may be overwritten by the next write.
 */
const MAX_ENTRY = 0xffff;
/**
 * A track's JSON is 250 bytes or more; the queue of entries has room for one per this many bytes (when it
 * is full, the oldest entry is forgotten early).
 */
const MIN_ENTRY_GUESS = 192;

export class WireCache {
  private readonly ring: Buffer;
  private head = 0;
  // Per id (ids are small positive integers): where its JSON starts (-1: not cached) and its length.
  private start = new Int32Array(0);
  private length = new Uint16Array(0);
  /** Entries in ring order, oldest first (a circular queue): id and start. */
  private readonly qId: Int32Array;
  private readonly qStart: Int32Array;
  private qFront = 0;
  private qCount = 0;
  private live = 0;

  constructor(readonly bytes: number) {
    this.ring = Buffer.allocUnsafeSlow(Math.max(bytes, MAX_ENTRY * 2));
    const q = Math.max(64, Math.ceil(this.ring.length / MIN_ENTRY_GUESS));
    this.qId = new Int32Array(q);
    this.qStart = new Int32Array(q);
  }

  /** Tracks cached. */
  get size(): number {
    return this.live;
  }

  /** Bytes held: the ring, the queue and the arrays by id. */
  get byteSize(): number {
    return this.ring.length + this.qId.byteLength * 2 + this.start.byteLength + this.length.byteLength;
  }

  /** The length of id's JSON, or -1 when it is not cached. */
  lengthOf(id: number): number {
    const s = id < this.start.length ? this.start[id]! : -1;
    return s < 0 ? -1 : this.length[id]!;
  }

  /** Copies id's cached JSON into `out` at `at`; answers the bytes written. id must be cached. */
  copyInto(id: number, out: Buffer, at: number): number {
    const s = this.start[id]!;
    const n = this.length[id]!;
    this.ring.copy(out, at, s, s + n);
    return n;
  }

  /** Caches id's JSON (copied in). A JSON over 64 KB is not cached. */
  set(id: number, json: Buffer): void {
    this.delete(id);
    if (json.length > MAX_ENTRY || json.length === 0) return;
    this.ensureIds(id + 1);
    const at = this.reserve(json.length);
    json.copy(this.ring, at);
    this.place(id, at, json.length);
  }

  /** Copies a cached entry from the older half of the ring to the head, so that it is kept longer. */
  refresh(id: number): void {
    const s = id < this.start.length ? this.start[id]! : -1;
    if (s < 0) return;
    // Bytes written since the entry was: its distance behind the head, round the ring.
    const behind = s < this.head ? this.head - s : this.head + this.ring.length - s;
    if (behind < this.ring.length / 2) return;
    const n = this.length[id]!;
    const copy = Buffer.from(this.ring.subarray(s, s + n));
    this.start[id] = -1;
    this.live--;
    const at = this.reserve(n);
    copy.copy(this.ring, at);
    this.place(id, at, n);
  }

  delete(id: number): void {
    if (id < this.start.length && this.start[id]! >= 0) {
      this.start[id] = -1;
      this.live--;
    }
  }

  clear(): void {
    this.start.fill(-1);
    this.live = 0;
    this.qCount = 0;
    this.qFront = 0;
    this.head = 0;
  }

  private place(id: number, at: number, n: number): void {
    this.start[id] = at;
    this.length[id] = n;
    this.live++;
    if (this.qCount === this.qId.length) this.evictFront();
    const slot = (this.qFront + this.qCount) % this.qId.length;
    this.qId[slot] = id;
    this.qStart[slot] = at;
    this.qCount++;
  }

  /** Makes room for n bytes at the head, forgetting the entries they overwrite; answers where they go. */
  private reserve(n: number): number {
    if (this.head + n > this.ring.length) {
      // Wrap round: the entries left between the head and the end are the oldest; they go first.
      while (this.qCount > 0 && this.qStart[this.qFront]! >= this.head) this.evictFront();
      this.head = 0;
    }
    const end = this.head + n;
    while (this.qCount > 0 && this.qStart[this.qFront]! >= this.head && this.qStart[this.qFront]! < end) this.evictFront();
    const at = this.head;
    this.head = end;
    return at;
  }

  private evictFront(): void {
    const id = this.qId[this.qFront]!;
    if (this.start[id] === this.qStart[this.qFront]) {
      this.start[id] = -1;
      this.live--;
    }
    this.qFront = (this.qFront + 1) % this.qId.length;
    this.qCount--;
  }

  private ensureIds(capacity: number): void {
    if (capacity <= this.start.length) return;
    const size = Math.max(capacity, Math.ceil(this.start.length * 1.5), 1024);
    const start = new Int32Array(size).fill(-1);
    start.set(this.start);
    const length = new Uint16Array(size);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }
}
