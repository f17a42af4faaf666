import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseServeScript, serveCommand } from '../../../bench/serve-command';

describe('the serve script (how `npm start` runs the server, and the benchmarks with it)', () => {
  it('names the bundle, options this Node accepts and the allocator setting', () => {
    const cmd = serveCommand();
    expect(cmd.entry).toBe('apps/server/dist/server.mjs');
    expect(cmd.env['MALLOC_MMAP_THRESHOLD_']).toBe('65536');
    // The heap settings the memory budget was measured with (docs/DECISIONS.md, "Server runtime").
    expect(cmd.nodeArgs).toEqual(expect.arrayContaining(['--expose-gc', '--no-allocation-site-pretenuring', '--max-semi-space-size=8']));
    // Node refuses an option it does not know before running anything.
    const probe = spawnSync(process.execPath, [...cmd.nodeArgs, '-e', '0'], { encoding: 'utf8' });
    expect(probe.stderr).toBe('');
    expect(probe.status).toBe(0);
  });

  it('reads settings, options and the entry, and refuses a script that does not run node', () => {
    expect(parseServeScript('A=1 B=x=y node --flag --other=2 app.mjs')).toEqual({
      env: { A: '1', B: 'x=y' },
      nodeArgs: ['--flag', '--other=2'],
      entry: 'app.mjs',
    });
    expect(() => parseServeScript('A=1 bun app.mjs')).toThrow(/must run node/);
    expect(() => parseServeScript('node --flag')).toThrow(/no entry/);
  });
});
