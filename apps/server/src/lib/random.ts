/** A seeded random number source: numbers in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32: a small, fast seeded generator, so that what is made from a seed (the demo catalogue, the
 * search tests' and benchmarks' synthetic catalogues, the analysis evaluation set) is the same on every
 * machine. Not for anything secret.
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
