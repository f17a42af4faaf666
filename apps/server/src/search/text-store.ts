/**
 * Texts by small-integer key (a title per track id), kept in one byte arena instead of a million heap
 * strings: less memory (no per-string header, no pointer array) and nothing for the garbage collector to
 * trace. Each text is stored as Latin-1, one byte a character, when every character fits, else as UTF-16
 * code units (exactly, lone surrogates included), which is how V8 stores strings too; it is read back on
 * demand by Buffer's native decoding. A rewrite appends; the arena is compacted when half of it is dead.
 */
const LATIN1 = /^[\0-\xff]*$/;
const MIN_ARENA = 1 << 16;

export class TextStore {
  private arena: Buffer = Buffer.allocUnsafeSlow(MIN_ARENA);
  /** Bytes of the arena in use (live and dead). */
  private used = 0;
  /** Bytes of the arena no key points at any more. */
  private dead = 0;
  private start = new Uint32Array(0);
  /** Bytes of each key's text: positive for Latin-1, negative for UTF-16, 0 for ''. */
  private bytes = new Int32Array(0);

  get capacity(): number {
    return this.start.length;
  }

  /** Bytes held: the arena and the two arrays by key. */
  get byteSize(): number {
    return this.arena.length + this.start.byteLength + this.bytes.byteLength;
  }

  /** Makes room for keys below `capacity` (new keys hold ''). */
  grow(capacity: number): void {
    if (capacity <= this.start.length) return;
    const start = new Uint32Array(capacity);
    start.set(this.start);
    const bytes = new Int32Array(capacity);
    bytes.set(this.bytes);
    this.start = start;
    this.bytes = bytes;
  }

  get(key: number): string {
    const n = this.bytes[key] ?? 0;
    if (n === 0) return '';
    const s = this.start[key]!;
    return n > 0 ? this.arena.toString('latin1', s, s + n) : this.arena.toString('utf16le', s, s - n);
  }

  /** Sets a key's text; the key must be below the capacity. */
  set(key: number, text: string): void {
    if (key >= this.start.length) throw new RangeError(`key ${key} is outside the store (${this.start.length})`);
    this.dead += Math.abs(this.bytes[key]!);
    this.bytes[key] = 0;
    if (text.length === 0) return;
    const latin1 = LATIN1.test(text);
    const n = latin1 ? text.length : text.length * 2;
    this.makeRoom(n);
    this.arena.write(text, this.used, n, latin1 ? 'latin1' : 'utf16le');
    this.start[key] = this.used;
    this.bytes[key] = latin1 ? n : -n;
    this.used += n;
  }

  /** Gives back the arena's spare room (after a bulk load). */
  trim(): void {
    this.rebuild(this.used - this.dead);
  }

  private makeRoom(n: number): void {
    if (this.used + n <= this.arena.length) return;
    const live = this.used - this.dead;
    this.rebuild(Math.max(MIN_ARENA, Math.ceil((live + n) * 1.5)));
  }

  /** Copies the live texts, in key order, into a new arena of `size` bytes. */
  private rebuild(size: number): void {
    const next = Buffer.allocUnsafeSlow(Math.max(size, 1));
    if (this.dead === 0) {
      this.arena.copy(next, 0, 0, this.used);
    } else {
      let at = 0;
      for (let key = 0; key < this.bytes.length; key++) {
        const n = Math.abs(this.bytes[key]!);
        if (n === 0) continue;
        const s = this.start[key]!;
        this.arena.copy(next, at, s, s + n);
        this.start[key] = at;
        at += n;
      }
      this.used = at;
      this.dead = 0;
    }
    this.arena = next;
  }
}
