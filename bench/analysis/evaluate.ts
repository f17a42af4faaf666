/**
 * Tempo and key accuracy on the FluidSynth evaluation set (apps/server/test/fixtures/eval-set.ts).
 *
 *   node --import tsx bench/analysis/evaluate.ts [--half tune|heldout|both] [--jobs 2] [--verbose]
 *   node --import tsx bench/analysis/evaluate.ts --set fresh [--verbose]
 *
 * Renders the 80 pieces once (cached in node_modules/.cache/sori-analysis-eval), decodes and analyses each
 * through the real `analyseFile`, and prints the table of measures for each half. Tune on `--half tune`; the
 * held-out figures are the ones reported in bench/RESULTS.md. `--set fresh` scores all 80 pieces of the
 * second seed (FRESH_SEED), which nothing was tuned on.
 */
import { analyseFile } from '../../apps/server/src/media/analyse';
import { probeFile } from '../../apps/server/src/media/probe';
import {
  evalSet,
  FRESH_SEED,
  keyExact,
  keyRelative,
  renderPiece,
  relativeTwin,
  renderUnavailable,
  scoredOf,
  summarise,
  tempoExact,
  tempoOctave,
  tonicExact,
  type EvalPiece,
  type Scored,
} from '../../apps/server/test/fixtures/eval-set';
import { mapLimit } from '../map-limit';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : dflt);
const set = opt('--set', 'main');
if (set !== 'main' && set !== 'fresh') throw new Error(`--set must be main or fresh, got ${set}`);
const half = set === 'fresh' ? 'all' : opt('--half', 'tune');
const jobs = Number(opt('--jobs', '2'));
const verbose = args.includes('--verbose');
const NAMES = ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];

export async function scorePiece(p: EvalPiece): Promise<Scored & { analyseMs: number }> {
  const file = await renderPiece(p);
  const t0 = performance.now();
  const a = await analyseFile(file, await probeFile(file));
  return { ...scoredOf(p, a), analyseMs: performance.now() - t0 };
}

async function main(): Promise<void> {
  const why = await renderUnavailable();
  if (why) {
    console.error(`cannot render the evaluation set: ${why}`);
    process.exit(2);
  }
  const pieces = set === 'fresh' ? evalSet(FRESH_SEED) : evalSet().filter((p) => half === 'both' || p.half === half);
  const scored = await mapLimit(pieces, jobs, scorePiece);
  const mark = (b: boolean) => (b ? '✓' : '✗');
  if (verbose) {
    for (const s of scored) {
      const p = s.piece;
      console.log(
        `${String(p.index).padStart(2)} ${p.half.padEnd(7)} ${p.style.padEnd(10)} ${p.format.padEnd(4)} ` +
          `bpm ${String(p.bpm).padStart(3)} → ${String(s.bpm).padStart(5)} (c ${s.bpmConfidence}) ${mark(tempoExact(s))}${mark(tempoOctave(s))}  ` +
          `key ${(NAMES[p.tonic] + ' ' + p.mode).padEnd(9)} → ${((s.tonic === null ? '-' : NAMES[s.tonic]) + ' ' + s.mode).padEnd(9)} (c ${s.keyConfidence}) ${mark(tonicExact(s))}${mark(keyRelative(s))}` +
          `${p.swing ? ' swing' : ''}${p.drums ? '' : ' no-drums'}${p.rubato ? ' rubato' : ''} ${p.ending}`,
      );
    }
  }
  for (const h of half === 'both' ? ['tune', 'heldout'] : [half]) {
    const sub = scored.filter((s) => h === 'all' || s.piece.half === h);
    const sum = summarise(sub);
    console.log(`\n${set === 'fresh' ? `fresh set (seed ${FRESH_SEED})` : `${h} half`}: ${sum.n} pieces`);
    console.log(`| measure | Sori |`);
    console.log(`| tempo within 2 % | ${sum.tempoExact} % |`);
    console.log(`| tempo allowing double/half/triple | ${sum.tempoOctave} % |`);
    console.log(`| key, tonic exact | ${sum.tonicExact} % |`);
    console.log(`| key, tonic and mode exact | ${sum.keyExact} % |`);
    console.log(`| key, allowing relative major/minor | ${sum.keyRelative} % |`);
    // The key's tonic by how the pieces end: a closing tonic chord is the strongest cue there is.
    for (const ending of ['cadence', 'loop', 'fade'] as const) {
      const e = summarise(sub.filter((s) => s.piece.ending === ending));
      console.log(`  ending ${ending.padEnd(7)} (${e.n}): key tonic ${e.tonicExact} %, relative ${e.keyRelative} %`);
    }
    // Pieces whose chords are also a loop of the relative key and that never cadence: only the melody
    // tells them apart, so about half their tonics are a coin toss for any chord-reading finder.
    const twins = summarise(sub.filter((s) => relativeTwin(s.piece)));
    const rest = summarise(sub.filter((s) => !relativeTwin(s.piece)));
    console.log(
      `  chords of a relative-key loop, no cadence (${twins.n}): key tonic ${twins.tonicExact} %; the other ${rest.n}: ${rest.tonicExact} %`,
    );
  }
  const ms = scored.map((s) => s.analyseMs / 1000);
  console.log(`\nanalysis (decode + analyse) ${ms.reduce((a, b) => a + b, 0).toFixed(1)} s for ${scored.length} pieces`);
  void keyExact;
}

await main();
