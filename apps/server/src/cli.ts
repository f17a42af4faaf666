import path from 'node:path';
import { LevelSchema, PLAN_IDS, type PlanId } from '@sori/contract';
import { ConfigError, loadConfig } from './config';
import { purgeAccessLogs } from './lib/access-log';
import { withOperatorServices } from './services';
import { runIngestCommand } from './ingest-command';
import { jobsCommand, jobsRetryCommand, mediaMigrateCommand } from './operator-commands';
import { Presets, SingleBar } from 'cli-progress';

/**
 * Operator commands: `npm run sori -- <command> …`. They use the same configuration (DATA_DIR,
 * DATABASE_URL) as the server.
 */
const USAGE = `Usage: npm run sori -- <command>

Commands:
  ingest <files or folders…> [--publish] [--manifest file.csv|json] [--concurrency N]
                               Run audio through the ingest pipeline (probe, tags, BPM, key, waveform,
                               preview) into the catalogue; rejected files are reported and skipped
  track:publish <id>           Publish a track (an upload) into the public catalogue
  track:unpublish <id>         Take a track out of the public catalogue
  user:plan <email> <free|premium|family> [--until YYYY-MM-DD]
                               Set a user's plan (the level follows: free 1, premium and family 5); with
                               --until the plan lapses to free at the start of that day (UTC)
  user:level <email> <level>   Set a user's level directly (an override; user:plan sets it from the plan)
  clearance:export [--since YYYY-MM-DD]
                               Print the cleared channels registered since that day (UTC; default all) as
                               CSV for the Content ID administrator: channel_id,platform,cleared_since,account_id
  licence:revoke <id> --reason "…"
                               Revoke a licence: it stays public and signed, and says revoked, when and why
  licence:list <email>         List a user's licences (id, status, issue time, track)
  licence:list --own-unpublished
                               List active licences an uploader holds for their own unpublished upload
                               (issued before Sori licensed only the catalogue), to review and revoke
  jobs [--limit N]             With JOBS=queue: jobs waiting, running and failed, and the failed ones with
                               their reasons (the dead-letter state)
  jobs:retry <id>              Send a failed job back to the queue
  media:migrate --to s3://BUCKET?…|local [--from s3://…|local]
                               Copy every media object between local disk (DATA_DIR/media) and S3 (from the
                               configured storage by default); resumable: what is already there is skipped
  logs:purge [--older-than-days N]
                               Delete daily access-log files of days more than N days before today
                               (UTC; default ACCESS_LOG_RETENTION_DAYS, 90) from ACCESS_LOG_DIR
  sound:backfill [--limit N]   Compute the sound features ("similar tracks") of every ready track that has
                               none of the current version, lowest id first, with progress; resumable (what
                               is left is read from the database, so a stopped run goes on where it was)
  help                         Show this help`;

async function ingestCommand(args: string[]): Promise<number> {
  const paths: string[] = [];
  let publish = false;
  let manifest: string | null = null;
  let concurrency = 2;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--publish') publish = true;
    else if (a === '--manifest') manifest = args[++i] ?? null;
    else if (a === '--concurrency') concurrency = Number(args[++i]);
    else if (a.startsWith('--')) {
      console.error(`Unknown option ${a}\n\n${USAGE}`);
      return 2;
    } else paths.push(a);
  }
  if (
    paths.length === 0 ||
    (manifest === null && args.includes('--manifest')) ||
    !Number.isInteger(concurrency) ||
    concurrency < 1 ||
    concurrency > 16
  ) {
    console.error(
      'ingest needs at least one file or folder (and a file after --manifest, a whole number 1–16 after --concurrency).\n\n' + USAGE,
    );
    return 2;
  }
  // npm runs scripts from the package root; paths on the command line mean where the user typed them.
  const cwd = process.env['INIT_CWD'] ?? process.cwd();
  return runIngestCommand(loadConfig(), {
    paths: paths.map((p) => path.resolve(cwd, p)),
    publish,
    manifest: manifest === null ? null : path.resolve(cwd, manifest),
    concurrency,
  });
}

async function publishCommand(args: string[], published: boolean): Promise<number> {
  const id = Number(args[0]);
  if (!/^\d+$/u.test(args[0] ?? '') || id <= 0) {
    console.error('Give the id of a track.\n\n' + USAGE);
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ media }) => {
    const row = await media.setPublished(id, published);
    if (!row) {
      console.error(`No track #${id}.`);
      return 1;
    }
    console.log(`#${row.id} ${row.title} is now ${published ? 'published' : 'unpublished'}.`);
    return 0;
  });
}

async function userLevel(args: string[]): Promise<number> {
  const [email, levelRaw] = args;
  const level = LevelSchema.safeParse(Number(levelRaw));
  if (!email || !levelRaw || !/^\d+$/u.test(levelRaw) || !level.success) {
    console.error('user:level needs an e-mail and a whole-number level from 1 to 99.\n\n' + USAGE);
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ auth }) => {
    const user = await auth.setLevel(email, level.data);
    if (!user) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${user.email} is now level ${user.level}.`);
    return 0;
  });
}

/** A calendar day as YYYY-MM-DD (UTC), or null. */
function parseDay(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/u.test(text)) return null;
  const day = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
}

async function userPlan(args: string[]): Promise<number> {
  const [email, plan, flag, day, ...rest] = args;
  const until = flag === undefined ? null : parseDay(day);
  if (!email || !plan || !PLAN_IDS.includes(plan as PlanId) || (flag !== undefined && (flag !== '--until' || !until)) || rest.length > 0) {
    console.error('user:plan needs an e-mail, a plan (free, premium or family) and optionally --until YYYY-MM-DD.\n\n' + USAGE);
    return 2;
  }
  if (until && plan === 'free') {
    console.error('The free plan does not lapse: --until goes with premium or family.');
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ accounts }) => {
    const user = await accounts.setPlan(email, plan, until);
    if (!user) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    console.log(
      `${user.email} is now on the ${user.plan} plan (level ${user.level})${user.planExpiresAt ? ` until ${user.planExpiresAt}` : ''}.`,
    );
    return 0;
  });
}

async function clearanceExport(args: string[]): Promise<number> {
  const [flag, day, ...rest] = args;
  const since = flag === undefined ? new Date(0) : parseDay(day);
  if ((flag !== undefined && flag !== '--since') || !since || rest.length > 0) {
    console.error('clearance:export takes only --since YYYY-MM-DD.\n\n' + USAGE);
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ channels }) => {
    process.stdout.write(await channels.exportCsv(since));
    return 0;
  });
}

async function logsPurge(args: string[]): Promise<number> {
  const config = loadConfig();
  let days = config.accessLog.retentionDays;
  if (args.length > 0) {
    const [flag, value] = args;
    if (flag !== '--older-than-days' || args.length !== 2 || !/^\d{1,5}$/u.test(value ?? '')) {
      console.error('logs:purge takes only --older-than-days N (a whole number of days).\n\n' + USAGE);
      return 2;
    }
    days = Number(value);
  }
  const deleted = await purgeAccessLogs(config.accessLog.dir, days);
  console.log(`Deleted ${deleted.length} access-log file(s) older than ${days} day(s) from ${config.accessLog.dir}.`);
  for (const name of deleted) console.log(`  ${name}`);
  return 0;
}

async function licenceRevoke(args: string[]): Promise<number> {
  const [id, flag, reason, ...rest] = args;
  if (!id || flag !== '--reason' || !reason?.trim() || rest.length > 0) {
    console.error('licence:revoke needs a licence id and --reason "…".\n\n' + USAGE);
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ licences }) => {
    const licence = await licences.revoke(id, reason);
    console.log(`${licence.id} is revoked (${licence.revokedAt}): ${licence.revocationReason}`);
    return 0;
  });
}

async function licenceList(args: string[]): Promise<number> {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) {
    console.error('licence:list needs an e-mail or --own-unpublished.\n\n' + USAGE);
    return 2;
  }
  return withOperatorServices(loadConfig(), {}, async ({ licences }) => {
    const unpublished = email === '--own-unpublished';
    const list = unpublished ? await licences.listOwnUnpublished() : await licences.listForEmail(email);
    if (list === null) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    if (list.length === 0)
      console.log(unpublished ? 'No active licence is held for its holder’s own unpublished upload.' : `${email} holds no licences.`);
    for (const l of list)
      console.log(
        `${l.id}  ${l.status.padEnd(7)}  ${l.issuedAt}  #${l.track.id} ${l.track.title}${l.track.artist ? ` — ${l.track.artist}` : ''}`,
      );
    return 0;
  });
}

async function soundBackfill(args: string[]): Promise<number> {
  let limit: number | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--limit' && /^\d+$/u.test(args[i + 1] ?? '')) limit = Number(args[++i]);
    else {
      console.error(`Unknown option ${args[i]}\n\n${USAGE}`);
      return 2;
    }
  }
  return withOperatorServices(loadConfig(), {}, async ({ sound }) => {
    const interactive = process.stdout.isTTY === true;
    const bar = new SingleBar(
      {
        format: 'sound:backfill [{bar}] {value}/{total} tracks | {eta_formatted} left | #{track}',
        hideCursor: true,
        clearOnComplete: false,
      },
      Presets.shades_classic,
    );
    let started = false;
    let lastLine = -1;
    const result = await sound.backfill({
      ...(limit === undefined ? {} : { limit }),
      onProgress: (p) => {
        if (interactive) {
          if (!started) bar.start(p.total, 0, { track: '' });
          started = true;
          bar.update(p.done + p.failed, { track: p.trackId ?? '' });
          return;
        }
        // Without a terminal (logs, CI): a line at the start, every tenth and the end.
        const tenth = p.total === 0 ? 10 : Math.floor(((p.done + p.failed) * 10) / p.total);
        if (tenth !== lastLine) {
          lastLine = tenth;
          console.log(`sound:backfill ${p.done + p.failed}/${p.total}${p.trackId === null ? '' : ` (#${p.trackId})`}`);
        }
      },
      onError: (id, e) => console.error(`#${id}: ${e instanceof Error ? e.message : String(e)}`),
    });
    if (started) bar.stop();
    const left = await sound.remaining();
    console.log(`Sound features: ${result.done} computed, ${result.failed} failed; ${left} track${left === 1 ? '' : 's'} still without.`);
    return result.failed > 0 ? 1 : 0;
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'user:plan':
      return userPlan(args);
    case 'user:level':
      return userLevel(args);
    case 'clearance:export':
      return clearanceExport(args);
    case 'logs:purge':
      return logsPurge(args);
    case 'licence:revoke':
      return licenceRevoke(args);
    case 'licence:list':
      return licenceList(args);
    case 'ingest':
      return ingestCommand(args);
    case 'jobs':
      return jobsCommand(loadConfig(), args);
    case 'jobs:retry':
      return jobsRetryCommand(loadConfig(), args);
    case 'media:migrate':
      return mediaMigrateCommand(loadConfig(), args);
    case 'track:publish':
      return publishCommand(args, true);
    case 'sound:backfill':
      return soundBackfill(args);
    case 'track:unpublish':
      return publishCommand(args, false);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
