import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // At least two files at a time. Vitest's default is one fewer than the cores, which is one on a two-core CI
    // machine, and the integration tests spend much of their time waiting on PostgreSQL, ffmpeg and FluidSynth:
    // on 2026-11-28's two-core machine the suite took 487 s with one worker and 353 s with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
