import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Query parameters whose values are credentials: `sig` of the signed media/download links (lib/tokens.ts
 * signUrlParams: exp, uid, sig — exp and uid are not secret), `resetToken` of reset links, and the usual
 * names a client might send a token under. Matched without regard to case.
 */
const SECRET_PARAMS = new Set([
  'sig',
  'signature',
  'token',
  'resettoken',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
  'jwt',
  'apikey',
  'api_key',
]);

export const REDACTED = '[redacted]';

function isSecretName(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/gu, ' '));
  } catch {
    // A malformed escape is compared as sent.
  }
  return SECRET_PARAMS.has(name.trim().toLowerCase());
}

/** The URL with the value of every secret query parameter replaced; path and other parameters kept. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return isSecretName(name) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return url.slice(0, q + 1) + query;
}

/** Redacts secret parameters wherever a URL appears inside free text (log messages, error messages, stacks). */
export function redactText(text: string): string {
  return text.replace(/([?&;])([^=&\s"'?#]+)=([^&\s"'#]*)/gu, (all, sep: string, name: string) =>
    isSecretName(name) ? `${sep}${name}=${REDACTED}` : all,
  );
}

export interface AccessEntry {
  time: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  bytes: number | null;
  ip: string;
  userId: number | null;
  userAgent: string | null;
}

const FILE_RE = /^access-(\d{4}-\d{2}-\d{2})\.log$/u;
const DAY_MS = 86_400_000;

/** The file of a UTC day: access-YYYY-MM-DD.log. */
export const accessLogFileName = (t: number) => `access-${new Date(t).toISOString().slice(0, 10)}.log`;

/**
 * Access log: JSON lines appended to one file per UTC day under `dir`. The file switches at the first
 * entry of a new day; writes go through a buffered stream, so a request never waits for the disk.
 */
export class AccessLog {
  private stream: WriteStream | null = null;
  private fileName = '';

  constructor(
    readonly dir: string,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o750 });
  }

  write(entry: AccessEntry): void {
    const name = accessLogFileName(Date.parse(entry.time));
    if (name !== this.fileName || !this.stream) {
      this.stream?.end();
      this.fileName = name;
      this.stream = createWriteStream(path.join(this.dir, name), { flags: 'a', mode: 0o640 });
      this.stream.on('error', this.onError);
    }
    this.stream.write(JSON.stringify(entry) + '\n');
  }

  async close(): Promise<void> {
    const s = this.stream;
    this.stream = null;
    if (s) await new Promise<void>((resolve) => s.end(resolve));
  }
}

/**
 * Deletes the daily files of days more than `olderThanDays` before today (UTC): with 90, today's file and
 * those of the 90 days before it are kept. Answers the names deleted; a missing directory deletes nothing.
 */
export async function purgeAccessLogs(dir: string, olderThanDays: number, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const cutoff = today - olderThanDays * DAY_MS;
  const deleted: string[] = [];
  for (const name of names.sort()) {
    const m = FILE_RE.exec(name);
    if (!m) continue;
    const day = Date.parse(`${m[1]}T00:00:00Z`);
    if (Number.isFinite(day) && day < cutoff) {
      await unlink(path.join(dir, name));
      deleted.push(name);
    }
  }
  return deleted;
}
