/**
 * Ingest speed: a 3-minute stereo 44.1 kHz WAV of synthesised music through the whole pipeline (probe,
 * tags, decode and analysis, MP3 preview, store) on ONE core. Budget: at least 40× real time (≤ 4.5 s).
 *
 *   node --import tsx bench/ingest.ts [--runs 3] [--all-cores]
 *
 * On Linux the script re-runs itself under `taskset -c 0` so node and its ffmpeg children share one core;
 * `--all-cores` skips that to show the wall time with the preview encoded in parallel.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_CATALOGUE, encodeWav, renderDemoTrack, type DemoTrack } from '../apps/server/src/seed/demo/catalogue';
import { getMediaTools } from '../apps/server/src/media/ffmpeg';
import { ingest, type IngestResult } from '../apps/server/src/media/pipeline';
import { LocalDiskStorage } from '../apps/server/src/media/storage';

const AUDIO_SEC = 180;
const BUDGET_SEC = 4.5;
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const allCores = args.includes('--all-cores');

function pinToOneCore(): boolean {
  if (allCores || process.env.SORI_BENCH_PINNED || process.platform !== 'linux') return false;
  const probe = spawnSync('taskset', ['-c', '0', 'true']);
  if (probe.status !== 0) return false;
  const res = spawnSync('taskset', ['-c', '0', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, SORI_BENCH_PINNED: '1' },
  });
  process.exit(res.status ?? 1);
}

/**
 * CPU seconds used so far by this process and its finished children (the ffmpeg runs), from
 * /proc/self/stat: what the ingest costs one core whatever else the machine is doing.
 */
function cpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of the full line (11–14 after the command name).
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  if (pinToOneCore()) return;
  const pinned = Boolean(process.env.SORI_BENCH_PINNED);
  const work = await mkdtemp(path.join(tmpdir(), 'sori-bench-ingest-'));
  try {
    // A demo piece stretched to three minutes: real drums, bass, chords and melody, so the encoder and the
    // analysers see music, not a test tone.
    const base = DEMO_CATALOGUE.find((t) => t.style === 'pop')!;
    const bars = Math.floor(((AUDIO_SEC - 2.5) * base.bpm) / 60 / 4);
    const track: DemoTrack = { ...base, bars, durationSec: AUDIO_SEC };
    const t0 = performance.now();
    const wav = path.join(work, 'three-minutes.wav');
    await writeFile(wav, encodeWav(renderDemoTrack(track, 44100)));
    console.log(
      `fixture: ${AUDIO_SEC} s stereo 44.1 kHz WAV (${track.bpm} BPM, ${track.soundKey} ${track.mode}) made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const tools = getMediaTools();
    console.log(
      `ffmpeg: ${tools.ffmpeg} (${tools.ffmpegSource}); ${pinned ? 'pinned to one core (taskset -c 0)' : 'all cores'}; load average ${loadavg()[0]!.toFixed(2)}`,
    );

    const storage = await LocalDiskStorage.open(path.join(work, 'media'));
    const times: number[] = [];
    const cpus: number[] = [];
    let last: IngestResult | null = null;
    for (let i = 0; i < runs; i++) {
      const cpu0 = cpuSeconds();
      const start = performance.now();
      last = await ingest({ path: wav, originalName: 'three-minutes.wav' }, { trackId: 1, storage, workDir: work });
      const sec = (performance.now() - start) / 1000;
      const cpu1 = cpuSeconds();
      const cpu = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
      times.push(sec);
      if (cpu !== null) cpus.push(cpu);
      const stages = Object.entries(last.timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ');
      console.log(
        `run ${i + 1}: wall ${sec.toFixed(2)} s = ${(AUDIO_SEC / sec).toFixed(0)}× real time` +
          (cpu !== null ? `, CPU ${cpu.toFixed(2)} s = ${(AUDIO_SEC / cpu).toFixed(0)}×` : '') +
          `  (${stages})`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wall = median(times);
    const cpu = cpus.length ? median(cpus) : null;
    // On a busy machine the wall time of a pinned core includes other processes' turns; the CPU time is
    // what the ingest itself costs one core.
    const judged = cpu ?? wall;
    console.log(
      `ingest of a ${AUDIO_SEC} s WAV (${pinned ? 'one core' : 'all cores'}): median wall ${wall.toFixed(2)} s (${(AUDIO_SEC / wall).toFixed(0)}×)` +
        (cpu !== null ? `, median CPU ${cpu.toFixed(2)} s (${(AUDIO_SEC / cpu).toFixed(0)}×)` : '') +
        `; budget ${BUDGET_SEC} s (40×) ${judged <= BUDGET_SEC ? 'met' : 'MISSED'}`,
    );
    console.log(`estimated ${last?.estimated.bpm} BPM (true ${track.bpm}), key ${last?.estimated.soundKey} (true ${track.soundKey})`);
    if (judged > BUDGET_SEC) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
