#!/usr/bin/env node
// `npm run dev`: the API server (restarted by tsx watch on change) and Vite with hot reload.
// Open the Vite address it prints; /api is proxied to the server, and /locales is served by Vite
// straight from apps/web/public, so an edited translation shows on the next reload.
// Env: PORT (API server, default 8080), VITE_PORT (default 5173), DATA_DIR (server data, default ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '8080';
const children = [];

function start(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix(line)}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    console.log(prefix(`exited (${signal ?? code})`));
    // One half without the other is not a working dev setup: stop both.
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

start('api', process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], { PORT: apiPort });
start('web', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'apps/web/vite.config.ts'], {
  SORI_API_ORIGIN: `http://127.0.0.1:${apiPort}`,
});
