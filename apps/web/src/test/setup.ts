import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default. The first open of a lazy screen (the auth modals) loads
// and transforms its module then, which took longer than that on a loaded two-core machine while the server
// tests ran beside it. 5 s still fails a screen that never appears, well inside the test timeout
// (vitest.config.ts).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
