import fastifyStatic from '@fastify/static';
import { matchPage } from '@sori/contract';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerPageRoutes, type PreviewAnswer } from '../routes/page.routes';
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

/** Paths that are files or the API, never the web app's pages: what is missing there is a plain 404. */
function isPageAddress(pathname: string): boolean {
  return pathname !== '/api' && !pathname.startsWith('/api/') && !pathname.startsWith('/locales/') && !pathname.startsWith('/assets/');
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and translations never cached,
 * and every other GET that is not under /api, /assets or /locales answered with index.html, status 200
 * when it is one of the app's screens (the contract's `PAGES`, matched as the app's router matches) and
 * 404 when the app will show its not-found screen. The shareable pages (/track/{id}, /shared/{token}) get
 * their preview tags and a 404 status when there is nothing to see. A missing file under /assets or
 * /locales is a plain JSON 404. An API path asked with a method it does not answer is 405 with `Allow`
 * (OPTIONS: 204 with `Allow`).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  previews: PagePreviewService,
  allowedMethods: (url: string) => string[] = () => [],
) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  let preview: PreviewAnswer | null = null;
  if (hasWeb) {
    // Addresses that name no file go straight to the not-found handler, which answers them as pages: the
    // static handler would answer 403 to a segment longer than any file name (255 bytes), whose spelling it
    // cannot check, and to an empty or dot segment ('//library', '/library//', which the app's router takes
    // or not as it takes any other address); and index.html, the shell, is no screen of the app.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== '/*') return;
      const pathname = request.url.split('?')[0]!;
      const segments = pathname.split('/');
      const namesNoFile =
        pathname === '/index.html' ||
        segments.slice(1, -1).includes('') ||
        segments.some((segment) => segment === '.' || segment === '..') ||
        segments.some((segment) => Buffer.byteLength(segment) > 255 && Buffer.byteLength(decodedOrSelf(segment)) > 255);
      if (namesNoFile) {
        await reply.callNotFound();
        return reply;
      }
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // `/` is the app itself; any other GET that names no file goes to the not-found handler below, which
      // answers the app's screens with index.html and anything else with a 404.
      index: 'index.html',
      // .br / .gz written at build time (scripts/compress-web.mjs) go to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        if (rel.startsWith('assets' + path.sep)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    preview = registerPageRoutes(app, previews, () => readFileSync(index, 'utf8'));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const pathname = url.split('?')[0]!;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && isPageAddress(pathname)) {
      const page = matchPage(pathname);
      // A shareable page spelt another way the router takes (a trailing slash, capitals) is still looked up.
      const answered = page && preview?.(request, reply, page);
      if (answered) return answered;
      // Any other address gets the same HTML, and the app shows its not-found screen: the status says so too.
      return reply
        .status(page ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(readFileSync(index));
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
