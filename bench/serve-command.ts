/**
 * The production server as `npm start` runs it: package.json's `serve` script read into the environment
 * settings, Node options and entry file it names, so that a benchmark measures exactly that process
 * (the allocator setting and heap sizes change memory and pauses) rather than a copy of the command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ServeCommand {
  env: Record<string, string>;
  nodeArgs: string[];
  entry: string;
}

/** Parses `[NAME=value …] node [options …] entry` (no quoting: the script is ours and has none). */
export function parseServeScript(script: string): ServeCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!); i++) {
    const [name, ...value] = words[i]!.split('=');
    env[name!] = value.join('=');
  }
  if (words[i] !== 'node') throw new Error(`the serve script must run node: ${script}`);
  const rest = words.slice(i + 1);
  const entry = rest.pop();
  if (!entry || entry.startsWith('-')) throw new Error(`the serve script names no entry file: ${script}`);
  return { env, nodeArgs: rest, entry };
}

export function serveCommand(): ServeCommand {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { serve: string } };
  return parseServeScript(pkg.scripts.serve);
}

/** Starts the production server with `env` added, and `extraNodeArgs` (e.g. a CPU profiler) before its own. */
export function spawnServer(env: Record<string, string>, extraNodeArgs: readonly string[] = []): ChildProcess {
  const cmd = serveCommand();
  return spawn(process.execPath, [...extraNodeArgs, ...cmd.nodeArgs, cmd.entry], {
    // The caller's environment wins over the script's settings (as a shell prefix would), so they can be varied.
    env: { ...cmd.env, ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
