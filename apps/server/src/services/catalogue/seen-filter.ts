/**
 * "Seen recently?" for admission to a cache: a key is worth keeping the second time it comes among the
 * recent ones, so that one-off keys (a deep page, a rare combination of filters) never take a cache's room,
 * and never turn it over. The signed-out response cache used to keep every answer: at 100,000 tracks it
 * took in some 3,000 answers a second into 8 MB, so every answer lived there a few hundred milliseconds,
 * long enough for V8 to move it and its key to the old generation, where they died by the megabyte a
 * second and brought a major collection (an 8–15 ms pause on the bench machine) every second or so.
 *
 * Keys are hashed into a bitmap (two bits a key) instead of being kept: no object per key for the
 * collector. A false "seen" (about 5 % when full) only admits a key early. Once `capacity` keys have been
 * marked, the bitmap is cleared and sightings start again.
 */
export class SeenFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;
  private marked = 0;

  constructor(
    private readonly capacity = 16_384,
    bitsLog2 = 17,
  ) {
    this.bits = new Uint32Array(1 << (bitsLog2 - 5));
    this.mask = (1 << bitsLog2) - 1;
  }

  /** Whether `key` was seen since the last clearing (it is marked seen either way). */
  check(key: string): boolean {
    // FNV-1a over UTF-16 code units; the second bit from the hash's other half.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const a = h & this.mask;
    const b = ((h >>> 16) | (h << 16)) & this.mask;
    const seen = this.test(a) && this.test(b);
    if (!seen) {
      if (this.marked >= this.capacity) this.clear();
      this.set(a);
      this.set(b);
      this.marked++;
    }
    return seen;
  }

  clear(): void {
    this.bits.fill(0);
    this.marked = 0;
  }

  private test(i: number): boolean {
    return ((this.bits[i >>> 5]! >>> (i & 31)) & 1) === 1;
  }

  private set(i: number): void {
    this.bits[i >>> 5]! |= 1 << (i & 31);
  }
}
