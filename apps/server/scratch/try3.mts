import { DEMO_CATALOGUE, writeDemoTrack } from '../src/seed/demo/catalogue';
import { analyseSound } from '../src/media/sound';
import { editGrid } from '../src/media/edits';
for (const t of DEMO_CATALOGUE.slice(0, 12)) {
  const w = await writeDemoTrack(t, '/tmp/h21/demo');
  const a = await analyseSound(w.audioPath, null);
  const g = editGrid(a);
  const p = 60 / t.bpm;
  // phase error of grid vs true beats (k*p)
  const errs = g.map((b) => { const k = Math.round(b / p); return b - k * p; });
  const mean = errs.reduce((x, y) => x + Math.abs(y), 0) / errs.length;
  console.log(t.slug, t.style, t.bpm, 'est', a.tempo?.bpm, 'grid0', g.slice(0, 4), 'gridP', ((g.at(-1)! - g[0]!) / (g.length - 1)).toFixed(3), 'p', p.toFixed(3), 'meanAbsPhaseErr', mean.toFixed(3), 'onset0-20', Array.from(a.frames.onset.slice(0, 20)).map(v=>v.toFixed(2)).join(' '));
}
