import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import type { Config } from './config';
import { isMediaError, MEDIA_ERROR_MESSAGES } from './media';
import { withOperatorServices } from './services';
import { parseTrackMetadata, type TrackMetadataInput } from './services/media.service';

/** Extensions picked up when a folder is scanned; a file named on the command line is always tried. */
const AUDIO_EXTENSIONS = new Set([
  '.wav',
  '.wave',
  '.aif',
  '.aiff',
  '.aifc',
  '.flac',
  '.mp3',
  '.ogg',
  '.oga',
  '.opus',
  '.m4a',
  '.aac',
  '.mp4',
]);

export interface IngestCommandOptions {
  paths: string[];
  publish: boolean;
  manifest: string | null;
  concurrency: number;
}

async function collect(p: string, out: string[]): Promise<void> {
  const st = statSync(p);
  if (st.isFile()) {
    out.push(path.resolve(p));
    return;
  }
  for (const entry of await readdir(p, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(p, entry.name);
    if (entry.isDirectory()) await collect(full, out);
    else if (entry.isFile() && AUDIO_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) out.push(path.resolve(full));
  }
}

/** A CSV line, with double-quoted fields that may hold commas and doubled quotes. */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/**
 * Reads a manifest of metadata by file: CSV with a header (file,title,artist,genre,moods,soundKey,bpm;
 * moods separated by ; or |) or JSON (an array of objects with the same names). Paths are relative to
 * the manifest.
 */
export function readManifest(file: string): Map<string, TrackMetadataInput> {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/u, '');
  const base = path.dirname(path.resolve(file));
  let rows: Record<string, unknown>[];
  if (file.toLowerCase().endsWith('.json')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error('A JSON manifest must be an array of objects');
    rows = parsed as Record<string, unknown>[];
  } else {
    const lines = text.split(/\r?\n/u).filter((l) => l.trim() !== '');
    const header = csvLine(lines[0] ?? '');
    rows = lines.slice(1).map((l) => Object.fromEntries(csvLine(l).map((v, i) => [header[i] ?? `col${i}`, v])));
  }
  const out = new Map<string, TrackMetadataInput>();
  for (const [i, row] of rows.entries()) {
    const name = row['file'];
    if (typeof name !== 'string' || !name) throw new Error(`Manifest row ${i + 1} has no file`);
    const fields: Record<string, unknown> = {};
    for (const k of ['title', 'artist', 'genre', 'soundKey', 'bpm'])
      if (row[k] !== undefined && row[k] !== '') fields[k] = typeof row[k] === 'number' ? row[k] : String(row[k]);
    if (row['moods'] !== undefined && row['moods'] !== '') {
      fields['moods'] = Array.isArray(row['moods']) ? row['moods'] : String(row['moods']).split(/[;|]/u);
    }
    try {
      out.set(path.resolve(base, name), parseTrackMetadata(fields));
    } catch (err) {
      throw new Error(
        `Manifest row ${i + 1} (${name}) has invalid metadata: ${JSON.stringify((err as { details?: unknown }).details ?? err)}`,
        { cause: err },
      );
    }
  }
  return out;
}

/** `npm run sori -- ingest …`: the upload pipeline, for folders of files. Answers the exit code. */
export async function runIngestCommand(config: Readonly<Config>, opts: IngestCommandOptions): Promise<number> {
  const files: string[] = [];
  for (const p of opts.paths) {
    if (!existsSync(p)) {
      console.error(`Not found: ${p}`);
      return 2;
    }
    await collect(p, files);
  }
  if (files.length === 0) {
    console.error('No audio files found.');
    return 2;
  }
  const manifest = opts.manifest ? readManifest(opts.manifest) : new Map<string, TrackMetadataInput>();

  return withOperatorServices(config, { ingestConcurrency: opts.concurrency }, async ({ media }) => {
    const bar = new SingleBar(
      { format: 'ingest [{bar}] {value}/{total} files | {eta_formatted} left | {file}', hideCursor: true, clearOnComplete: false },
      Presets.shades_classic,
    );
    const interactive = process.stdout.isTTY === true;
    if (interactive) bar.start(files.length, 0, { file: '' });
    const ok: { file: string; id: number; title: string; bpm: number | null; key: string | null }[] = [];
    const skipped: { file: string; reason: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const rel = path.relative(process.env['INIT_CWD'] ?? process.cwd(), file);
        try {
          const row = await media.createFromFile({ path: file, originalName: path.basename(file) }, manifest.get(file) ?? {}, {
            ownerId: null,
            published: opts.publish,
          });
          ok.push({ file: rel, id: row.id, title: row.title, bpm: row.bpm, key: row.sound_key });
          if (!interactive) console.log(`ok      ${rel} → #${row.id} ${row.title} (${row.bpm ?? '?'} BPM, ${row.sound_key ?? '?'})`);
        } catch (err) {
          const reason = isMediaError(err) ? `${err.code}: ${MEDIA_ERROR_MESSAGES[err.code].en}` : String((err as Error).message ?? err);
          skipped.push({ file: rel, reason });
          if (!interactive) console.log(`skipped ${rel}: ${reason}`);
        }
        if (interactive) bar.increment({ file: path.basename(file) });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, files.length)) }, worker));
    if (interactive) bar.stop();

    console.log(
      `\n${ok.length} ingested${opts.publish ? ' and published' : ' (unpublished; publish with --publish)'}, ${skipped.length} skipped.`,
    );
    for (const s of skipped) console.log(`  skipped ${s.file}: ${s.reason}`);
    return skipped.length > 0 && ok.length === 0 ? 1 : 0;
  });
}
