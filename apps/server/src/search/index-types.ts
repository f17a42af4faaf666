/** The shapes the catalogue index takes and answers (catalogue-index.ts), shared by its parts. */
import type { KeyMode, SortDir, SortField } from '@sori/contract';
import type { Bits } from './bitset';

export interface IndexedTrack {
  /** Positive integer, roughly dense (autoincrement). */
  id: number;
  title: string;
  artist: string | null;
  genre: number | null;
  moods: readonly number[];
  soundKey: string | null;
  /** The key's mode; null without a key. */
  keyMode: KeyMode | null;
  bpm: number | null;
  speed: number | null;
  durationSec: number | null;
  popularity: number;
  published: boolean;
  ownerId: number | null;
}

export type IndexScope =
  /** Every visible track. */
  | { kind: 'catalogue' }
  /** That owner's tracks, published or not. */
  | { kind: 'owner'; ownerId: number }
  /** An ordered list (likes / downloads / playlist), newest first; sort 'id' means this list order. */
  | { kind: 'list'; ids: readonly number[] };

export interface IndexQuery {
  q: string | null;
  genre: number | null;
  moods: readonly number[];
  soundKey: string | null;
  keyMode: KeyMode | null;
  speed: number | null;
  bpmGte: number | null;
  bpmLte: number | null;
  sort: SortField;
  dir: SortDir;
  offset: number;
  limit: number;
  scope: IndexScope;
  viewerId: number | null;
}

export interface IndexResult {
  ids: number[];
  total: number;
}

export type NumericField = 'bpm' | 'duration' | 'popularity';
export type Column = Float32Array | Float64Array;

/**
 * The relevance classes by rank, best first, each made when first asked for: six for whole matches
 * (`TextMatcher.matchText`), four per number of terms matched for partial ones (`matchPartial`).
 */
export type Tiers = (k: number) => Bits;
