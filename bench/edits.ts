/**
 * Short edits of the whole demo catalogue: how close each rendered edit is to its length (ffprobe on the
 * MP3), how often the ending had to be cut, how alike the joined bars were, and what it costs.
 *
 *   node --import tsx bench/edits.ts [--jobs 1]
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EDIT_SECONDS } from '@sori/contract';
import { renderEdit } from '../apps/server/src/media/edit-render';
import { planEdit } from '../apps/server/src/media/edits';
import { probeFile } from '../apps/server/src/media/probe';
import { analyseSound } from '../apps/server/src/media/sound';
import { DEMO_CATALOGUE, writeDemoTrack } from '../apps/server/src/seed/demo/catalogue';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '1' } } });
const dir = path.join('node_modules', '.cache', 'sori-similar-bench');
const out = path.join(os.tmpdir(), 'sori-edits-bench');
await mkdir(dir, { recursive: true });
await mkdir(out, { recursive: true });

interface Row {
  seconds: number;
  error: number;
  cutEnding: boolean;
  whole: boolean;
  joinCost: number | null;
  analyseMs: number;
  renderMs: number;
}
const rows: Row[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    while (next < DEMO_CATALOGUE.length) {
      const t = DEMO_CATALOGUE[next++]!;
      const { audioPath } = await writeDemoTrack(t, dir);
      const t0 = performance.now();
      const a = await analyseSound(audioPath, null);
      const analyseMs = performance.now() - t0;
      const probe = await probeFile(audioPath);
      for (const s of EDIT_SECONDS) {
        const plan = planEdit(a, s);
        if (!plan) continue;
        const file = path.join(out, `${t.slug}-${s}.mp3`);
        const r0 = performance.now();
        await renderEdit(audioPath, probe, plan, file);
        const renderMs = performance.now() - r0;
        const measured = Number(
          execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString(),
        );
        rows.push({
          seconds: s,
          error: measured - s,
          cutEnding: plan.fadeOutSec > 0,
          whole: plan.segments.length === 1,
          joinCost: plan.joinCosts[0] ?? null,
          analyseMs,
          renderMs,
        });
      }
    }
  }),
);
await rm(out, { recursive: true, force: true });
console.log('| edit | made | max abs(length − target) | mean length − target | ending cut (faded) | one segment | median join cost |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const s of EDIT_SECONDS) {
  const r = rows.filter((x) => x.seconds === s);
  if (r.length === 0) {
    console.log(`| ${s} s | 0 | – | – | – | – | – |`);
    continue;
  }
  const costs = r
    .map((x) => x.joinCost)
    .filter((c): c is number => c !== null)
    .sort((a, b) => a - b);
  console.log(
    `| ${s} s | ${r.length} | ${Math.max(...r.map((x) => Math.abs(x.error))).toFixed(3)} s | ${(r.reduce((a, x) => a + x.error, 0) / r.length).toFixed(3)} s | ` +
      `${r.filter((x) => x.cutEnding).length} | ${r.filter((x) => x.whole).length} | ${costs.length ? costs[Math.floor(costs.length / 2)]!.toFixed(2) : '–'} |`,
  );
}
const renders = rows.map((r) => r.renderMs).sort((a, b) => a - b);
console.log(
  `\n${DEMO_CATALOGUE.length} tracks; analysis median ${(rows.map((r) => r.analyseMs).sort((a, b) => a - b)[Math.floor(rows.length / 2)]! / 1000).toFixed(2)} s, ` +
    `render median ${(renders[Math.floor(renders.length / 2)]! / 1000).toFixed(2)} s per edit; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
