import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootDocument } from './src/theme/boot-script.ts';

/** The boot script's exact source, as it is inlined into index.html. */
export const BOOT_SCRIPT = `(${bootDocument.toString()})(window);`;

/**
 * Inlines theme/boot-script.ts into <head> so the theme and language attributes exist at first paint
 * (DECISIONS 14), and writes the script's hash to dist/csp.json: a server sending a Content-Security-Policy
 * can allow exactly this inline script with `script-src 'self' <hash>`.
 */
function bootScriptPlugin(): Plugin {
  const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
  return {
    name: 'sori-boot-script',
    transformIndexHtml: (html) => html.replace('<!--sori-boot-script-->', `<script>${BOOT_SCRIPT}</script>`),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'csp.json',
        source: `${JSON.stringify({ scriptSrc: [hash] }, null, 2)}\n`,
      });
    },
  };
}

/**
 * react-bootstrap's transitions wait on `dom-helpers/transitionEnd`, whose fallback a child's bubbling event
 * cancelled, leaving a closed dialog on screen: src/lib/transition-end.ts is the mended copy, used in its place
 * by the build and by the web tests (vitest.config.ts).
 */
export const TRANSITION_END_ALIAS = {
  find: /^dom-helpers\/transitionEnd$/u,
  replacement: fileURLToPath(new URL('./src/lib/transition-end.ts', import.meta.url)),
};

// `npm run dev` (scripts/dev.mjs) starts the API server and points the proxy at it.
const apiOrigin = process.env.SORI_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), bootScriptPlugin()],
  resolve: { alias: [TRANSITION_END_ALIAS] },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The budget is 150 KB gzip for everything / needs; the warning limit tracks the largest chunk.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare things, but its request schemas are built with zod calls at
        // load time, which a bundler must otherwise keep. Declaring them side-effect free lets the browser
        // bundle take only what it uses (validation, codes, messages) and leave zod out (~60 KB).
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/u.test(id),
      },
    },
  },
});
