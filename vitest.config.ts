import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: they start at once, so that the two workers end together. Vitest
 * starts the longest first only when it has timed them before (node_modules/.vite), which a clean clone has not:
 * there it took them by size, and on 2026-12-07's CI run the accuracy test (228 s) started 214 s in, and the
 * last 90 s of the run had one worker idle much of the time.
 */
const SLOWEST = [
  'apps/server/src/media/analysis-accuracy.test.ts',
  'apps/server/test/similar-edits.test.ts',
  'apps/server/src/seed/demo/catalogue.test.ts',
  'apps/server/test/topology.test.ts',
  'apps/server/test/accounts.test.ts',
  'apps/server/test/jobs.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // At least two files at a time. Vitest's default is one fewer than the cores, which is one on a two-core CI
    // machine, and the integration tests spend much of their time waiting on PostgreSQL, ffmpeg and FluidSynth:
    // on 2026-11-28's two-core machine the suite took 487 s with one worker and 353 s with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Integration tests share one PostgreSQL server; files run in parallel with their own schemas. With
          // both cores busy, some took 25 s of a 30 s limit (a failed job kept for operators: 25.4 s), so 60 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
