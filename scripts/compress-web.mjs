#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the web build, once, at build time; the server
// sends them to browsers that accept them (@fastify/static preCompressed) at no CPU cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'apps/web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/u;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(name) && statSync(full).size >= 512) {
      const data = readFileSync(full);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(full + '.br', br);
      writeFileSync(full + '.gz', gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}

walk(dist);
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`);
