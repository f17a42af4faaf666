import { Presets, SingleBar } from 'cli-progress';
import path from 'node:path';
import type { Config } from './config';
import { BullJobQueue, bullConnection } from './lib/job-queue';
import { describeStorage, openStorage, type MediaStorage } from './media';

/**
 * Operator commands for the scaled deployment: the job queue's failed jobs (the dead-letter state) and the
 * move of media between local disk and S3. The usage text is in cli.ts.
 */

function queueOf(config: Readonly<Config>): BullJobQueue | null {
  if (config.jobs.mode !== 'queue' || !config.redisUrl) {
    console.error(
      'Jobs run inside the server (JOBS is not queue): there is no queue to look at. Failed uploads show as failed to their uploaders.',
    );
    return null;
  }
  return new BullJobQueue(bullConnection(config.redisUrl), { attempts: config.jobs.attempts }, config.redisPrefix);
}

/** `jobs`: how many jobs wait, run and failed, and the failed ones with their reasons. */
export async function jobsCommand(config: Readonly<Config>, args: string[]): Promise<number> {
  const limit = args[0] === '--limit' ? Number(args[1]) : 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    console.error('jobs takes --limit N (1–1000).');
    return 2;
  }
  const queue = queueOf(config);
  if (!queue) return 1;
  try {
    const c = await queue.counts();
    console.log(
      `waiting ${c.waiting}  running ${c.active}  retrying later ${c.delayed}  failed ${c.failed}  done (last day) ${c.completed}`,
    );
    const failed = await queue.failed(limit);
    if (failed.length > 0) console.log('\nFailed (newest first; `npm run sori -- jobs:retry <id>` tries one again):');
    for (const j of failed)
      console.log(`${j.id}  ${j.name}  ${JSON.stringify(j.data)}  tries ${j.attempts}  ${j.failedAt ?? ''}  ${j.reason}`);
    return 0;
  } finally {
    await queue.close();
  }
}

/** `jobs:retry <id>`: a failed job goes back to the queue. */
export async function jobsRetryCommand(config: Readonly<Config>, args: string[]): Promise<number> {
  const id = args[0];
  if (!id || !/^[A-Za-z0-9:_-]{1,100}$/u.test(id)) {
    console.error('jobs:retry needs the id of a failed job (as `jobs` lists them).');
    return 2;
  }
  const queue = queueOf(config);
  if (!queue) return 1;
  try {
    if (!(await queue.retry(id))) {
      console.error(`No failed job ${id}.`);
      return 1;
    }
    console.log(`${id} is queued again.`);
    return 0;
  } finally {
    await queue.close();
  }
}

export interface MigrateReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every object from one storage to another, each verified by size; an object already there with
 * the same size is skipped, so a run cut short is resumed by running it again. Nothing is deleted.
 */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  onStep?: (key: string, done: number) => void,
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, bytes: 0 };
  let done = 0;
  for await (const key of from.list()) {
    const source = await from.stat(key);
    if (!source) continue; // deleted meanwhile
    const there = await to.stat(key);
    if (there && there.size === source.size) report.skipped += 1;
    else {
      const { size } = await to.put(key, await from.get(key));
      if (size !== source.size) throw new Error(`${key}: ${size} bytes arrived of ${source.size}`);
      report.copied += 1;
      report.bytes += size;
    }
    onStep?.(key, ++done);
  }
  return report;
}

/** `media:migrate --to s3://…|local [--from s3://…|local]`: moves media between local disk and S3. */
export async function mediaMigrateCommand(config: Readonly<Config>, args: string[]): Promise<number> {
  let to: string | null = null;
  let from: string | null = config.storage.url ?? 'local';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--to') to = args[++i] ?? null;
    else if (args[i] === '--from') from = args[++i] ?? null;
    else {
      console.error(`Unknown option ${args[i]}`);
      return 2;
    }
  }
  const valid = (v: string | null) => v === 'local' || (v !== null && v.startsWith('s3://'));
  if (!valid(to) || !valid(from) || to === from) {
    console.error('media:migrate needs --to s3://BUCKET?… or --to local, different from --from (default: the configured storage).');
    return 2;
  }
  const localRoot = path.join(config.dataDir, 'media');
  const open = (url: string) => openStorage({ url: url === 'local' ? null : url, localRoot, credentials: config.storage.credentials });
  const source = await open(from!);
  const target = await open(to!);
  try {
    await target.check().catch((err: unknown) => {
      throw new Error(`The target ${describeStorage(target)} cannot be reached: ${(err as Error).message}`);
    });
    let total = 0;
    for await (const _key of source.list()) total += 1;
    console.log(
      `Copying ${total} objects from ${describeStorage(source)} to ${describeStorage(target)}; objects already there are skipped.`,
    );
    const bar = new SingleBar(
      { format: 'media [{bar}] {value}/{total} | {eta_formatted} left | {key}', hideCursor: true },
      Presets.shades_classic,
    );
    const interactive = process.stdout.isTTY === true;
    if (interactive) bar.start(total, 0, { key: '' });
    const report = await copyMedia(source, target, (key, done) => {
      if (interactive) bar.update(done, { key });
      else if (done % 500 === 0) console.log(`${done}/${total}`);
    });
    if (interactive) bar.stop();
    console.log(
      `Done: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there. ` +
        `Point STORAGE_URL ${to === 'local' ? 'nowhere (unset it)' : `at ${to}`} and restart; the source is left as it was.`,
    );
    return 0;
  } finally {
    source.close();
    target.close();
  }
}
