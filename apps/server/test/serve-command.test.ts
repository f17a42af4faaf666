import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAUNCHER } from '../../../bench/serve-command';

/**
 * Runs the launcher with `-e` before its own options: Node evaluates the script instead of the bundle, so it
 * reports the options, allocator setting and entry the server would have started with.
 */
function launch(env: Record<string, string | undefined> = {}) {
  const probe = spawnSync(
    'sh',
    [
      LAUNCHER,
      '-e',
      'console.log(JSON.stringify({ argv: process.execArgv, mmap: process.env.MALLOC_MMAP_THRESHOLD_, args: process.argv.slice(1), cwd: process.cwd() }))',
    ],
    { encoding: 'utf8', env: { ...process.env, ...env }, cwd: '/' },
  );
  return {
    ...probe,
    report: probe.status === 0 ? (JSON.parse(probe.stdout) as { argv: string[]; mmap: string; args: string[]; cwd: string }) : null,
  };
}

describe('bin/sori-serve (how `npm start`, the benchmarks and deployments run the server)', () => {
  it('runs Node with the heap settings the budgets were measured with, options Node accepts', () => {
    const { status, stderr, report } = launch({ MALLOC_MMAP_THRESHOLD_: undefined });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(report!.argv).toEqual(
      expect.arrayContaining(['--enable-source-maps', '--expose-gc', '--no-allocation-site-pretenuring', '--max-semi-space-size=8']),
    );
    expect(report!.mmap).toBe('65536');
    // The bundle is named after the options, from the repository root wherever it is started from.
    expect(report!.args).toEqual(['apps/server/dist/server.mjs']);
    expect(report!.cwd).toBe(new URL('../../..', import.meta.url).pathname.replace(/\/$/, ''));
  });

  it('lets the caller set the allocator threshold', () => {
    expect(launch({ MALLOC_MMAP_THRESHOLD_: '131072' }).report!.mmap).toBe('131072');
  });

  it('is what the npm scripts start', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['serve']).toBe('sh bin/sori-serve');
    expect(pkg.scripts['start']).toBe('npm run build && npm run serve');
  });
});
