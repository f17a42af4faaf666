/**
 * The production server as `npm start` runs it: the launcher `bin/sori-serve` (allocator setting, Node
 * options, the bundle), so that a benchmark measures exactly that process rather than a copy of its command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const LAUNCHER = fileURLToPath(new URL('../bin/sori-serve', import.meta.url));

/** Starts the production server with `env` added, and `extraNodeArgs` (e.g. a CPU profiler) before its own. */
export function spawnServer(env: Record<string, string>, extraNodeArgs: readonly string[] = []): ChildProcess {
  // The caller's environment wins over the launcher's defaults, so they can be varied.
  return spawn('sh', [LAUNCHER, ...extraNodeArgs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
