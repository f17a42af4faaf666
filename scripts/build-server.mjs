#!/usr/bin/env node
// Bundles the server (and its worker entries) into apps/server/dist with esbuild, so production runs plain
// JavaScript: no TypeScript loader thread, less memory, faster start. npm packages stay external (resolved
// from node_modules at run time); our own workspace packages (@sori/*) are bundled in.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'apps/server/src/server.ts',
    cli: 'apps/server/src/cli.ts',
    worker: 'apps/server/src/worker.ts',
    'demo-worker': 'apps/server/src/seed/demo/worker.ts',
  },
  outdir: 'apps/server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // CommonJS dependencies bundled into ESM still expect require().
  banner: { js: "import { createRequire as __sori_cr } from 'node:module'; const require = __sori_cr(import.meta.url);" },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sori/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
console.log(`server bundled in ${Date.now() - started} ms`);
