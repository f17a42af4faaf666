import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Vitest's 5 s default is too tight for a test that opens a lazy screen while the server project's tests
    // load both cores (see src/test/setup.ts).
    testTimeout: 20_000,
  },
});
