import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app';
import { DEMO_CATALOGUE, writeDemoCatalogue } from './catalogue';

const MARKER = 'demo-catalogue.done';

/**
 * Synthesises the demo catalogue (about 60 tracks, deterministic, no network) and runs every track through
 * the real ingest pipeline, publishing it. Runs once per data directory; if a start is interrupted, the
 * next one carries on where it stopped (tracks already there are skipped).
 */
export async function seedDemoCatalogue(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const { config, media } = ctx;
  const marker = path.join(config.dataDir, MARKER);
  if (existsSync(marker)) return 0;
  const existing = await media.catalogueTitles();
  // A data directory that already holds someone's own catalogue is left alone.
  if (existing.length > 0 && !existing.some((r) => DEMO_CATALOGUE.some((d) => d.title === r.title && d.artist === r.artist))) {
    await writeFile(marker, 'skipped: the catalogue was not empty\n');
    return 0;
  }
  const have = new Set(existing.map((r) => `${r.title}\u0000${r.artist ?? ''}`));
  const todo = DEMO_CATALOGUE.filter((d) => !have.has(`${d.title}\u0000${d.artist}`));
  const started = Date.now();
  await mkdir(path.join(config.dataDir, 'tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(config.dataDir, 'tmp', 'demo-'));
  let added = 0;
  try {
    await writeDemoCatalogue(dir, {
      tracks: todo,
      // Two worker threads render the next tracks while the main thread ingests the one before.
      concurrency: 2,
      onTrack: async (written, done, total) => {
        const t = written.track;
        await media.createFromFile(
          { path: written.audioPath, originalName: `${t.slug}.wav`, coverPath: written.coverPath },
          { title: t.title, artist: t.artist, genre: t.genre, moods: [...t.moods] },
          { ownerId: null, published: true },
        );
        added += 1;
        await rm(written.audioPath, { force: true });
        await rm(written.coverPath, { force: true });
        if (done % 10 === 0 || done === total) log.info({ done, total }, 'demo catalogue: ingesting');
      },
    });
    await writeFile(marker, `seeded ${DEMO_CATALOGUE.length} tracks\n`);
    log.info({ tracks: added, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'demo catalogue ready');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return added;
}
