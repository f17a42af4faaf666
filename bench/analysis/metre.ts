/**
 * How well the short edits find bars: the beat grid on the beat (`onTheBeat`, apps/server/src/media/sound.ts),
 * the metre and the first downbeat (`findBars`, apps/server/src/media/edits.ts), against
 * where the bars of the evaluation pieces really start (`barStarts`, from the MIDI each piece is made from).
 *
 *   node --import tsx bench/analysis/metre.ts --set tune [--sweep]   # the tuning seed: the knobs are chosen here
 *   node --import tsx bench/analysis/metre.ts --set heldout          # the held-out half (40), reported
 *   node --import tsx bench/analysis/metre.ts --set fresh            # the fresh set (80), reported
 *   node --import tsx bench/analysis/metre.ts --set demo             # the demo catalogue: metre and beat only
 *
 * Each piece is scored as rendered (it starts on a downbeat) and started one, two or three beats late, as a
 * track with a pickup or an intro cut short would be: its analysis frames from that beat on (to within half a
 * frame, 6 ms). Bars are right as `barsFound` says (80 % of the downbeats found within 70 ms of a bar's
 * start, as many as bars). Beside it, what the edits did before this work: the grid as found, bars of four
 * from its first beat. Each piece's analysis frames are cached next to its render.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BAR_KNOBS, editGrid, findBars, type BarKnobs, type Bars } from '../../apps/server/src/media/edits';
import { probeFile } from '../../apps/server/src/media/probe';
import { analyseSound, beatGrid, OFF_BEAT_RATIO, onTheBeat, type SoundFrames } from '../../apps/server/src/media/sound';
import { DEMO_CATALOGUE, writeDemoTrack } from '../../apps/server/src/seed/demo/catalogue';
import { STYLES } from '../../apps/server/src/seed/demo/styles';
import {
  barsFound,
  EVAL_SEED,
  EVAL_SIZE,
  evalSet,
  FRESH_SEED,
  gridOnBeat,
  renderPiece,
  renderUnavailable,
  TUNING_SEED,
  TUNING_SIZE,
  type EvalPiece,
} from '../../apps/server/test/fixtures/eval-set';
import { mapLimit } from '../map-limit';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const set = opt('--set', 'tune');
const sweep = args.includes('--sweep');
const verbose = args.includes('--verbose');

/** What the bars are found from: the onsets, the measured tempo and the chroma of each frame. */
interface Sound {
  durationSec: number;
  /** The measured tempo, or null without one. */
  bpm: number | null;
  frames: SoundFrames;
}

async function soundOf(p: EvalPiece): Promise<Sound> {
  const file = await renderPiece(p);
  const cache = `${file}.metre2`;
  const none = new Float32Array(0);
  if (existsSync(cache)) {
    const buf = await readFile(cache);
    const head = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 32));
    const [durationSec, fps, count, bpm] = [head[0]!, head[1]!, head[2]!, head[3]!];
    const body = new Float32Array(buf.buffer.slice(buf.byteOffset + 32, buf.byteOffset + buf.length));
    const frames = {
      fps,
      count,
      onset: body.slice(0, count),
      lowOnset: body.slice(count, 2 * count),
      chroma: body.slice(2 * count, 14 * count),
      mfcc: none,
      db: none,
    };
    return { durationSec, bpm: Number.isNaN(bpm) ? null : bpm, frames };
  }
  const a = await analyseSound(file, await probeFile(file));
  const f = a.frames;
  const head = Float64Array.of(a.durationSec, f.fps, f.count, a.tempo?.bpm ?? NaN);
  const body = new Float32Array(14 * f.count);
  body.set(f.onset.subarray(0, f.count), 0);
  body.set(f.lowOnset.subarray(0, f.count), f.count);
  body.set(f.chroma.subarray(0, 12 * f.count), 2 * f.count);
  await writeFile(cache, Buffer.concat([Buffer.from(head.buffer), Buffer.from(body.buffer)]));
  return { durationSec: a.durationSec, bpm: a.tempo?.bpm ?? null, frames: { ...f, mfcc: none, db: none } };
}

/** The analysis of the piece from `late` frames on, as if the audio started there. */
function lateBy(a: Sound, late: number): Sound {
  if (late === 0) return a;
  const f = a.frames;
  const frames = {
    ...f,
    count: f.count - late,
    onset: f.onset.slice(late),
    lowOnset: f.lowOnset.slice(late),
    chroma: f.chroma.slice(late * 12),
  };
  return { durationSec: a.durationSec - late / f.fps, bpm: a.bpm, frames };
}

/** The knobs scored here: `findBars`'s, and how readily the grid moves onto the beat. */
interface Knobs extends BarKnobs {
  offBeatRatio: number;
}
const SHIPPED: Knobs = { ...BAR_KNOBS, offBeatRatio: OFF_BEAT_RATIO };

/** The beats as `beatGrid` finds them, before `onTheBeat`. */
const rawBeats = (a: Sound) => (a.bpm === null ? [] : beatGrid(a.frames.onset, a.frames.fps, a.bpm));

/** The bars the edits would cut on with these knobs. */
function barsOf(a: Sound, k: Knobs): Bars {
  return findBars({ beats: onTheBeat(rawBeats(a), a.frames.lowOnset, k.offBeatRatio), durationSec: a.durationSec, frames: a.frames }, k);
}

/** What the edits did before this work: the grid as found, bars of four from its first beat. */
const gridBefore = (a: Sound) => editGrid({ beats: rawBeats(a), durationSec: a.durationSec });

/**
 * The demo catalogue, made by its own synthesiser (not the evaluation set's): is each track's metre found,
 * and does its grid sit on the beat (the demo pieces start on a beat, at their written tempo)?
 */
async function demo(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sori-metre-demo-'));
  try {
    let right = 0;
    let barsRight = 0;
    let barsFromFirst = 0;
    let barsBefore = 0;
    const onBeatCount = { before: 0, now: 0 };
    const byMetre = { 3: [0, 0], 4: [0, 0] };
    for (const track of DEMO_CATALOGUE) {
      const { audioPath } = await writeDemoTrack(track, dir);
      const a = await analyseSound(audioPath, await probeFile(audioPath));
      await rm(audioPath);
      const sound: Sound = { durationSec: a.durationSec, bpm: a.tempo?.bpm ?? null, frames: a.frames };
      const truth = STYLES[track.style].meter;
      const { grid, beatsPerBar: found, downbeat } = findBars(a);
      // Bars as the edits take them, against the written bars (from 0 s, every `truth` beats).
      const bar = (truth * 60) / track.bpm;
      const onBars = (g: number[], m: number, first: number) => {
        const d = g.filter((t, k) => k >= first && (k - first) % m === 0 && t < a.durationSec - 1);
        return d.length > 0 && d.filter((t) => Math.abs(t - Math.round(t / bar) * bar) <= 0.07).length / d.length >= 0.8;
      };
      const barsOk = onBars(grid, found, downbeat);
      barsRight += barsOk ? 1 : 0;
      barsFromFirst += onBars(grid, found, 0) ? 1 : 0;
      barsBefore += onBars(gridBefore(sound), 4, 0) ? 1 : 0;
      const period = 60 / track.bpm;
      const onGrid = (g: number[]) => {
        const off = g.map((t) => Math.abs(t / period - Math.round(t / period))).sort((x, y) => x - y);
        return off.length > 0 && off[off.length >> 1]! < 0.125;
      };
      const before = onGrid(gridBefore(sound));
      const now = onGrid(grid);
      onBeatCount.before += before ? 1 : 0;
      onBeatCount.now += now ? 1 : 0;
      if (found === truth) right++;
      byMetre[truth][0]! += found === truth ? 1 : 0;
      byMetre[truth][1]! += 1;
      if (found !== truth || before !== now || !barsOk || verbose)
        console.log(
          `${track.slug} (${track.style}, ${track.bpm} BPM): ${truth} beats a bar, found ${found} from beat ${downbeat};` +
            ` bars ${barsOk ? 'right' : 'WRONG'}; on the beat before ${before}, now ${now}`,
        );
    }
    console.log(
      `demo (${DEMO_CATALOGUE.length}): grid on the beat ${onBeatCount.before} → ${onBeatCount.now};` +
        ` bars right ${barsBefore} before, ${barsRight} now (${barsFromFirst} counting from the first beat); metre right ${right};` +
        ` in three ${byMetre[3][0]}/${byMetre[3][1]}, in four ${byMetre[4][0]}/${byMetre[4][1]}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (set === 'demo') return demo();
  const why = await renderUnavailable();
  if (why) {
    console.error(`cannot render the set: ${why}`);
    process.exit(2);
  }
  const pieces =
    set === 'tune'
      ? evalSet(TUNING_SEED, TUNING_SIZE)
      : set === 'heldout'
        ? evalSet(EVAL_SEED, EVAL_SIZE).filter((p) => p.half === 'heldout')
        : set === 'fresh'
          ? evalSet(FRESH_SEED, EVAL_SIZE)
          : [];
  if (pieces.length === 0) throw new Error(`--set must be tune, heldout, fresh or demo, got ${set}`);
  const analysed = await mapLimit(pieces, 2, soundOf);

  const score = (k: Knobs, show: boolean) => {
    const t = { metre: 0, waltz: [0, 0], onBeat: [0, 0], onTime: [0, 0], late: [0, 0], lateCases: 0 };
    pieces.forEach((p, i) => {
      for (let beatsLate = 0; beatsLate < p.beatsPerBar; beatsLate++) {
        const frames = Math.round(((beatsLate * 60) / p.bpm) * analysed[i]!.frames.fps);
        const a = lateBy(analysed[i]!, frames);
        const lateSec = frames / a.frames.fps;
        const old = gridBefore(a);
        const before = barsFound(p, old, 4, 0, lateSec);
        const { grid, beatsPerBar: metre, downbeat } = barsOf(a, k);
        const now = barsFound(p, grid, metre, downbeat, lateSec);
        if (beatsLate === 0) {
          if (metre === p.beatsPerBar) t.metre++;
          if (p.beatsPerBar === 3) {
            t.waltz[0]! += metre === 3 ? 1 : 0;
            t.waltz[1]! += 1;
          }
          t.onBeat[0]! += gridOnBeat(p, old) ? 1 : 0;
          t.onBeat[1]! += gridOnBeat(p, grid) ? 1 : 0;
          t.onTime[0]! += before ? 1 : 0;
          t.onTime[1]! += now ? 1 : 0;
        } else {
          t.late[0]! += before ? 1 : 0;
          t.late[1]! += now ? 1 : 0;
          t.lateCases++;
        }
        if (show && (verbose || !now)) {
          console.log(
            `${String(p.index).padStart(3)} ${p.style.padEnd(10)} ${p.bpm} BPM in ${p.beatsPerBar}, ${beatsLate} beats late:` +
              ` ${metre} beats a bar from beat ${downbeat}, bars ${now ? 'right' : 'WRONG'} (before: ${before ? 'right' : 'wrong'})`,
          );
        }
      }
    });
    return t;
  };

  if (sweep) {
    for (const r of [1, 1.05, 1.1, 1.25, 1.5, 2, Infinity]) {
      const t = score({ ...SHIPPED, offBeatRatio: r }, false);
      console.log(
        `OFF_BEAT_RATIO ${r}: grids on the beat ${t.onBeat[1]} of ${pieces.length}, bars right ${t.onTime[1]} (on time) and ${t.late[1]} of ${t.lateCases} (late)`,
      );
    }
    for (const r of [0.9, 0.95, 1, 1.05, 1.1, 1.2]) {
      const t = score({ ...SHIPPED, threeOverFour: r }, false);
      console.log(
        `THREE_OVER_FOUR ${r}: metre right ${t.metre}, waltzes ${t.waltz[0]}/${t.waltz[1]}, bars right ${t.onTime[1]} and ${t.late[1]}`,
      );
    }
    for (const b of [0, 0.05, 0.1, 0.2, 0.3, 0.5]) {
      const t = score({ ...SHIPPED, firstBeatBonus: b }, false);
      console.log(`FIRST_BEAT_BONUS ${b}: bars right ${t.onTime[1]} of ${pieces.length} (on time), ${t.late[1]} of ${t.lateCases} (late)`);
    }
    for (const w of [0, 0.25, 0.5, 1, 2]) {
      const t = score({ ...SHIPPED, lowWeight: w }, false);
      console.log(
        `DOWNBEAT_LOW_WEIGHT ${w}: bars right ${t.onTime[1]} of ${pieces.length} (on time), ${t.late[1]} of ${t.lateCases} (late)`,
      );
    }
  }
  const t = score(SHIPPED, true);
  const pct = (v: number, n: number) => `${((100 * v) / n).toFixed(1)} %`;
  console.log(
    `${set} (${pieces.length}): metre right ${t.metre}, waltzes in three ${t.waltz[0]}/${t.waltz[1]}; grids on the beat ${t.onBeat[0]} → ${t.onBeat[1]};` +
      ` bars right starting on time ${t.onTime[0]} → ${t.onTime[1]} (${pct(t.onTime[1]!, pieces.length)}),` +
      ` starting 1–3 beats late ${t.late[0]} → ${t.late[1]} of ${t.lateCases} (${pct(t.late[1]!, t.lateCases)})`,
  );
}

await main();
