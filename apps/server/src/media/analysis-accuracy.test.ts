import { beforeAll, describe, expect, it } from 'vitest';
import {
  barsFound,
  evalSet,
  FRESH_SEED,
  gridOnBeat,
  progressionName,
  relativeTwin,
  renderPiece,
  renderUnavailable,
  scoredOf,
  summarise,
  STYLES,
  tempoExact,
  type EvalPiece,
  type Scored,
  type Summary,
} from '../../test/fixtures/eval-set';
import { analyseFile, ANALYSIS_RATE } from './analyse';
import { PUBLISH_MIN_CONFIDENCE } from './confidence';
import { findBars } from './edits';
import { probeFile } from './probe';
import { decodeMono, SoundAnalyser } from './sound';

describe('the analysis evaluation set', () => {
  const set = evalSet();

  it('is the same for the same seed, and split into halves that each cover the musical variety', () => {
    expect(evalSet()).toEqual(set);
    for (const half of ['tune', 'heldout'] as const) {
      const h = set.filter((p) => p.half === half);
      expect(h).toHaveLength(40);
      expect(new Set(h.map((p) => p.tonic)).size).toBe(12);
      expect(new Set(h.map((p) => `${p.tonic}${p.mode}`)).size).toBeGreaterThanOrEqual(20);
      expect(new Set(h.map((p) => p.style))).toEqual(new Set(STYLES));
      // Every style in both modes: a key finder must not be able to lean on "rock is minor".
      for (const style of STYLES)
        expect(new Set(h.filter((p) => p.style === style).map((p) => p.mode))).toEqual(new Set(['major', 'minor']));
      expect(new Set(h.map((p) => p.format))).toEqual(new Set(['wav', 'mp3', 'flac', 'ogg']));
      expect(new Set(h.map((p) => p.ending))).toEqual(new Set(['cadence', 'loop', 'fade']));
      expect(h.some((p) => !p.drums) && h.some((p) => p.swing) && h.some((p) => p.rubato > 0) && h.some((p) => p.beatsPerBar === 3)).toBe(
        true,
      );
      expect(Math.min(...h.map((p) => p.bpm))).toBeLessThan(70);
      expect(Math.max(...h.map((p) => p.bpm))).toBeGreaterThan(165);
      // Progressions whose bass does not start on the tonic.
      expect(h.some((p) => (p.progression[0]!.root + p.progression[0]!.bass) % 12 !== 0)).toBe(true);
    }
  });

  it('names the pieces whose chords are also a loop of the relative key and that never cadence', () => {
    const twins = set.filter(relativeTwin);
    // Am–F–C–G is vi–IV–I–V in C major and i–VI–III–VII in A minor; the two halves hold 13 such pieces.
    expect(new Set(twins.map(progressionName))).toEqual(new Set(['vi–IV–I–V', 'i–VI–III–VII']));
    expect(twins.every((p) => p.ending !== 'cadence')).toBe(true);
    expect(set.filter((p) => ['vi–IV–I–V', 'i–VI–III–VII'].includes(progressionName(p)) && p.ending !== 'cadence')).toEqual(twins);
    expect(twins.filter((p) => p.half === 'heldout')).toHaveLength(7);
  });
});

/**
 * The floor under the held-out figures of bench/RESULTS.md ("Media analysis"). The 40 held-out pieces are
 * rendered with FluidSynth (cached in node_modules/.cache/sori-analysis-eval: 29 s on two cores at load 4
 * the first time, about 6 s after) and analysed through the real decoder. Floors sit a little below what they
 * measured when the analyser was frozen, so small changes in rendering do not make it flaky; the tempo
 * floor is above what the analyser measured before the metrical level was chosen on the accents (92.5 %).
 */
describe('tempo and key accuracy on held-out General MIDI arrangements', async () => {
  const why = await renderUnavailable();
  // CI installs fluidsynth and the soundfont (.ci/run): there the floor cannot be skipped.
  if (why && process.env['REQUIRE_ALL'] === '1') throw new Error(`REQUIRE_ALL=1 but the evaluation set cannot be rendered: ${why}`);
  if (why) console.warn(`skipping the analysis accuracy floor: ${why}`);
  const subset: EvalPiece[] = evalSet().filter((p) => p.half === 'heldout');
  let summary: Summary;
  const scored: Scored[] = [];
  /**
   * Beats a bar the short edits find in each piece, whether their grid is on the beat, and whether their bars
   * are the piece's: as rendered, and with the audio starting one to three beats late (a pickup).
   */
  const metres: { piece: EvalPiece; found: number; onBeat: boolean; bars: boolean; barsLate: boolean }[] = [];

  beforeAll(async () => {
    if (why) return;
    await twoAtATime(subset, async (p) => {
      const file = await renderPiece(p);
      const a = await analyseFile(file, await probeFile(file));
      scored.push(scoredOf(p, a));
      // One decode feeds two analysers: the whole piece, and the piece from its `late`-th beat on.
      const late = 1 + (p.index % (p.beatsPerBar - 1));
      const skip = Math.round(((late * 60) / p.bpm) * ANALYSIS_RATE);
      const whole = new SoundAnalyser();
      const cut = new SoundAnalyser();
      let seen = 0;
      await decodeMono(file, await probeFile(file), (x) => {
        whole.push(x);
        if (seen + x.length > skip) cut.push(x.subarray(Math.max(0, skip - seen)));
        seen += x.length;
      });
      const onTime = findBars(whole.finish());
      const startedLate = findBars(cut.finish());
      metres.push({
        piece: p,
        found: onTime.beatsPerBar,
        onBeat: gridOnBeat(p, onTime.grid),
        bars: barsFound(p, onTime.grid, onTime.beatsPerBar, onTime.downbeat),
        barsLate: barsFound(p, startedLate.grid, startedLate.beatsPerBar, startedLate.downbeat, skip / ANALYSIS_RATE),
      });
    });
    summary = summarise(scored);
    console.log(`held-out half (${summary.n} pieces): ${JSON.stringify(summary)}`);
  }, 600_000);

  it.skipIf(Boolean(why))('finds the tempo within 2 % and the tonic of nearly every piece', () => {
    expect(summary.n).toBe(40);
    expect(summary.tempoExact).toBeGreaterThanOrEqual(FLOOR.tempoExact);
    expect(summary.tempoOctave).toBeGreaterThanOrEqual(FLOOR.tempoOctave);
    expect(summary.tonicExact).toBeGreaterThanOrEqual(FLOOR.tonicExact);
    expect(summary.keyRelative).toBeGreaterThanOrEqual(FLOOR.keyRelative);
  });

  it.skipIf(Boolean(why))('publishes on an upload only keys that are nearly always right', () => {
    // What confidence.ts lets through without the uploader's word: 37 keys, 32 of them right, since the distorted
    // weights (34 and 30 before them; bench/RESULTS.md); the floors are one key fewer and one wrong key more.
    const published = scored.filter((s) => (s.keyConfidence ?? 0) >= PUBLISH_MIN_CONFIDENCE.key);
    expect(published.length).toBeGreaterThanOrEqual(36);
    expect(published.filter((s) => s.tonic === s.piece.tonic).length / published.length).toBeGreaterThanOrEqual(0.83);
  });

  it.skipIf(Boolean(why))('finds bars of three in the waltzes and of four in everything else, for the short edits', () => {
    // 40 of 40 when the metre was first measured (bench/RESULTS.md, "Bars for the short edits"); before, every
    // piece was taken to be in four, which is 36 of 40.
    const waltzes = metres.filter((m) => m.piece.beatsPerBar === 3);
    expect(waltzes.length).toBeGreaterThanOrEqual(3);
    expect(waltzes.filter((m) => m.found === 3).length, 'waltzes in three').toBeGreaterThanOrEqual(waltzes.length - 1);
    expect(
      metres.filter((m) => m.piece.beatsPerBar === 4 && m.found === 3),
      'pieces in four read as three',
    ).toEqual([]);
  });

  it.skipIf(Boolean(why))('puts the beat grid on the beat, not between beats, for the joins of the short edits', () => {
    // 39 of 40 when the grid first moved onto the low bands' beats (36 before, with 3 off-beat grids: EDM,
    // rock); 40 since slow piano is no longer read at double tempo.
    expect(metres.filter((m) => m.onBeat).length).toBeGreaterThanOrEqual(39);
  });

  it.skipIf(Boolean(why))('finds the bars, also when the audio starts one to three beats into a bar', () => {
    // As rendered: 39 of 40 when the downbeat was first measured (32 before this work). Started late: 39
    // of 40; counting bars from the first beat, as the edits did before, a late start is never right. 40
    // and 40 since slow piano is no longer read at double tempo, which made its bars half bars.
    expect(metres.filter((m) => m.bars).length, 'bars, on time').toBeGreaterThanOrEqual(39);
    expect(metres.filter((m) => m.barsLate).length, 'bars, started late').toBeGreaterThanOrEqual(39);
  });
});

/**
 * The tempo and the key on the fresh set (FRESH_SEED, 80 pieces), which nothing was tuned on: the second seed of
 * the same generator. For the key it is the figure that says whether the key finder's fitted weights carry past
 * the pieces they were fitted on. 77 of 80 when the chord weights were fitted on 1,200 pieces of the tuning
 * seed, and again when the treble's foreground joined the cues; 74 with the eight weights before them, and 69
 * with the chord weights set to 0 and the eight refitted with them kept (bench/RESULTS.md, "Media analysis: the
 * chords' weights fitted").
 */
describe('the tempo and the key on the fresh set, which nothing was tuned on', async () => {
  const why = await renderUnavailable();
  if (why && process.env['REQUIRE_ALL'] === '1') throw new Error(`REQUIRE_ALL=1 but the evaluation set cannot be rendered: ${why}`);
  if (why) console.warn(`skipping the fresh-set tempo and key floors: ${why}`);
  const scored: Scored[] = [];

  beforeAll(async () => {
    if (why) return;
    await twoAtATime(evalSet(FRESH_SEED), async (p) => {
      const file = await renderPiece(p);
      const a = await analyseFile(file, await probeFile(file));
      scored.push(scoredOf(p, a));
    });
  }, 600_000);

  it.skipIf(Boolean(why))('finds the tempo of at least 78 of the 80 pieces within 2 %', () => {
    // 79 since slow piano is read at its own tempo; 77 before, with two solo piano pieces read at twice their
    // tempo (bench/RESULTS.md, "Slow piano at its own tempo").
    expect(scored).toHaveLength(80);
    const wrong = scored.filter((s) => !tempoExact(s));
    expect(wrong.length, wrong.map((s) => `${s.piece.index} ${s.piece.style} ${s.piece.bpm} → ${s.bpm}`).join('; ')).toBeLessThanOrEqual(2);
  });

  // 78 measured since the distorted weights (77 before); one under.
  it.skipIf(Boolean(why))('finds the tonic of at least 77 of the 80 pieces', () => {
    expect(scored).toHaveLength(80);
    const wrong = scored.filter((s) => s.tonic !== s.piece.tonic);
    expect(
      wrong.length,
      wrong.map((s) => `${s.piece.index} ${s.piece.style} ${s.piece.tonic} ${s.piece.mode} → ${s.tonic} ${s.mode}`).join('; '),
    ).toBeLessThanOrEqual(3);
  });
});

/** `f` over the pieces, two at a time: FluidSynth and ffmpeg run as child processes. */
async function twoAtATime(pieces: EvalPiece[], f: (p: EvalPiece) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < pieces.length) await f(pieces[next++]!);
    }),
  );
}

/**
 * Percent, one piece (2.5 %) under what the held-out half measured: tempo 100 and 100 since slow piano is read
 * at its own tempo (bench/RESULTS.md, "Slow piano at its own tempo"; 97.5 before), tonic and relative 87.5 and
 * 95 since the treble's foreground joined the key's cues ("the treble's foreground in the key"; with the chord
 * weights alone the tonic measured 82.5 %).
 */
const FLOOR = { tempoExact: 97.5, tempoOctave: 97.5, tonicExact: 85, keyRelative: 92.5 };
