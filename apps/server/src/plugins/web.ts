import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerPageRoutes } from '../routes/page.routes';
import type { PagePreviewService } from '../services/page-preview.service';
import { sendError } from './error-handler';

/** Hashes of the inline scripts of index.html (the theme script that runs before React), for the CSP. */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/giu)) {
    if (m[1]!.trim()) hashes.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and translations never cached,
 * and every other GET that is not under /api answered with index.html (client-side routes); the shareable
 * pages (/track/{id}, /shared/{token}) get their preview tags and a 404 status when there is nothing to see.
 * An API path asked with a method it does not answer is 405 with `Allow` (OPTIONS: 204 with `Allow`).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  previews: PagePreviewService,
  allowedMethods: (url: string) => string[] = () => [],
) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    // A path segment longer than any file name (255 bytes) names no file. The static handler cannot check its
    // spelling and would answer 403; it is a page that does not exist, answered as every other one is.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== '/*') return;
      const segments = request.url.split('?')[0]!.split('/');
      if (segments.some((segment) => Buffer.byteLength(segment) > 255 && Buffer.byteLength(decodedOrSelf(segment)) > 255)) {
        await reply.callNotFound();
        return reply;
      }
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // `/` is the app itself; every other unknown GET falls through to the SPA handler below.
      index: 'index.html',
      // .br / .gz written at build time (scripts/compress-web.mjs) go to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        if (rel.startsWith('assets' + path.sep)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    registerPageRoutes(app, previews, () => readFileSync(index, 'utf8'));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/locales/')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(index));
    }
    const allowed = url.startsWith('/api/') ? allowedMethods(url) : [];
    if (allowed.length > 0) {
      const allow = [...allowed, 'OPTIONS'].join(', ');
      if (request.method === 'OPTIONS') return reply.status(204).header('allow', allow).header('cache-control', 'no-store').send();
      reply.header('allow', allow);
      return sendError(request, reply, 405, 'METHOD_NOT_ALLOWED');
    }
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
}

function decodedOrSelf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
