import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MediaError } from './media-errors';

export type ToolSource = 'env' | 'system' | 'npm';

export interface MediaTools {
  readonly ffmpeg: string;
  readonly ffprobe: string;
  /** Where each binary came from, for the startup log and the README's promise. */
  readonly ffmpegSource: ToolSource;
  readonly ffprobeSource: ToolSource;
}

type ToolName = 'ffmpeg' | 'ffprobe';

const NPM_PACKAGES: Record<ToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const ENV_VARS: Record<ToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string, envPath: string | undefined): string | null {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function findInNpmPackage(tool: ToolName): string | null {
  try {
    // The installer packages throw on platforms they do not ship for; that simply means "not available".
    const req = createRequire(import.meta.url);
    const mod = req(NPM_PACKAGES[tool]) as { path?: unknown };
    return typeof mod.path === 'string' && isExecutable(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

export interface ResolveToolsOptions {
  env?: NodeJS.ProcessEnv;
  /** Skip the system binaries: lets tests prove the npm fallback works on its own. */
  preferNpm?: boolean;
}

function resolveOne(tool: ToolName, opts: ResolveToolsOptions): { file: string; source: ToolSource } {
  const env = opts.env ?? process.env;
  const fromEnv = env[ENV_VARS[tool]];
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`${ENV_VARS[tool]} is set to ${fromEnv}, which is not an executable file`);
    }
    return { file: fromEnv, source: 'env' };
  }
  const order: ToolSource[] = opts.preferNpm ? ['npm', 'system'] : ['system', 'npm'];
  for (const source of order) {
    const file = source === 'system' ? findOnPath(tool, env.PATH) : findInNpmPackage(tool);
    if (file) return { file, source };
  }
  throw new Error(`${tool} was not found: install it (apt-get install ffmpeg), set ${ENV_VARS[tool]}, or install ${NPM_PACKAGES[tool]}`);
}

export function resolveMediaTools(opts: ResolveToolsOptions = {}): MediaTools {
  const ffmpeg = resolveOne('ffmpeg', opts);
  const ffprobe = resolveOne('ffprobe', opts);
  return Object.freeze({
    ffmpeg: ffmpeg.file,
    ffprobe: ffprobe.file,
    ffmpegSource: ffmpeg.source,
    ffprobeSource: ffprobe.source,
  });
}

let cachedTools: MediaTools | null = null;

/** The tools found once per process (the PATH does not change while we run). */
export function getMediaTools(): MediaTools {
  cachedTools ??= resolveMediaTools();
  return cachedTools;
}

export interface RunToolOptions {
  /** Killed with SIGKILL after this long; a hostile file must not hold a worker forever. */
  timeoutMs?: number;
  signal?: AbortSignal;
  stdin?: Buffer | Readable;
  /**
   * Receives stdout as it arrives. Processing synchronously inside the callback gives back-pressure for
   * free: while we are busy Node stops reading, the pipe fills and ffmpeg waits.
   */
  onStdout?: (chunk: Buffer) => void;
  /** Collect stdout into the result (for ffprobe's JSON); ignored when onStdout is given. */
  collectStdout?: boolean;
  /** Only the tail of stderr is kept: the last lines name the real problem. */
  maxStderrBytes?: number;
  maxStdoutBytes?: number;
}

export interface RunToolResult {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
  /** Lines ffmpeg logged at level error or above while decoding (with `-v error`). */
  stderrLines: string[];
}

export class ToolError extends Error {
  readonly reason: 'exit' | 'timeout' | 'aborted' | 'spawn' | 'output';
  readonly exitCode: number | null;
  readonly stderr: string;

  constructor(reason: ToolError['reason'], message: string, exitCode: number | null, stderr: string) {
    super(message);
    this.name = 'ToolError';
    this.reason = reason;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/**
 * Runs ffmpeg or ffprobe with an argument array (never through a shell, so nothing in a file name or tag
 * is ever interpreted), with a timeout, the abort signal honoured by killing the process, and stderr kept.
 * Resolves even on a non-zero exit: callers decide what an exit code means for them.
 */
export function runTool(file: string, args: readonly string[], opts: RunToolOptions = {}): Promise<RunToolResult> {
  const { timeoutMs = 120_000, signal, maxStderrBytes = 64 * 1024, maxStdoutBytes = 16 * 1024 * 1024 } = opts;
  return new Promise<RunToolResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ToolError('aborted', `${path.basename(file)} was aborted before it started`, null, ''));
      return;
    }
    const child = spawn(file, args, {
      stdio: [opts.stdin ? 'pipe' : 'ignore', opts.onStdout || opts.collectStdout ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
      env: { ...process.env, AV_LOG_FORCE_NOCOLOR: '1' },
    });
    let stderr = '';
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let failure: ToolError | null = null;
    let outputError: unknown = null;
    let settled = false;

    const kill = (err: ToolError) => {
      failure ??= err;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => kill(new ToolError('timeout', `${path.basename(file)} took longer than ${timeoutMs} ms`, null, stderr)),
      timeoutMs,
    );
    const onAbort = () => kill(new ToolError('aborted', `${path.basename(file)} was aborted`, null, stderr));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (s: string) => {
      stderr += s;
      if (stderr.length > maxStderrBytes) stderr = stderr.slice(stderr.length - maxStderrBytes);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (failure) return;
      if (opts.onStdout) {
        try {
          opts.onStdout(chunk);
        } catch (e) {
          // The consumer's own error (a MediaError, say) is what the caller should see, not ours.
          outputError ??= e;
          kill(new ToolError('output', e instanceof Error ? e.message : String(e), null, stderr));
        }
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) {
        kill(new ToolError('output', `${path.basename(file)} wrote more than ${maxStdoutBytes} bytes`, null, stderr));
        return;
      }
      stdoutChunks.push(chunk);
    });

    if (opts.stdin && child.stdin) {
      // A consumer that closes its input early (ffmpeg after one frame) is not an error of ours.
      child.stdin.on('error', () => {});
      if (Buffer.isBuffer(opts.stdin)) child.stdin.end(opts.stdin);
      else opts.stdin.pipe(child.stdin);
    }

    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (outputError) {
        reject(outputError);
        return;
      }
      if (failure) {
        reject(new ToolError(failure.reason, failure.message, exitCode, stderr));
        return;
      }
      resolve({
        exitCode: exitCode ?? -1,
        stdout: Buffer.concat(stdoutChunks),
        stderr,
        stderrLines: stderr.split('\n').filter((l) => l.trim() !== ''),
      });
    };
    child.on('error', (e) => {
      failure ??= new ToolError('spawn', `${path.basename(file)} could not start: ${e.message}`, null, stderr);
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

/**
 * Maps a tool failure to the media error an upload answers with: cancellations stay cancellations,
 * everything else is a processing failure on our side (input problems are found before this point).
 */
export function toMediaError(e: unknown, what: string): unknown {
  if (e instanceof MediaError) return e;
  if (e instanceof ToolError) {
    if (e.reason === 'aborted') return new MediaError('MEDIA_ABORTED', `${what} was cancelled`, undefined, { cause: e });
    return new MediaError('MEDIA_PROCESSING_FAILED', `${what} failed: ${e.message}`, { reason: e.reason }, { cause: e });
  }
  return e;
}

/**
 * An input argument ffmpeg reads as a plain local file: the `file:` protocol keeps a name that starts with
 * "-" or contains ":" from being read as an option or another protocol.
 */
export const fileInput = (p: string): string => `file:${path.resolve(p)}`;

/** Options placed before every `-i` of untrusted input: only local files, never network or playlists. */
export const SAFE_INPUT_ARGS = ['-protocol_whitelist', 'file,pipe'] as const;
