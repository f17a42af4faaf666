import type { PageMatch } from '@sori/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { addressKey } from '../lib/address-key';
import { withPreview, type PagePreview } from '../lib/page-meta';
import type { PagePreviewService } from '../services/page-preview.service';
import { requestLang } from './http';

/** Answers a page with preview tags, or the same page with a 404 status when there is nothing to see. */
export type PreviewAnswer = (request: FastifyRequest, reply: FastifyReply, page: PageMatch) => Promise<FastifyReply> | null;

/**
 * The web app's shareable pages, answered with index.html carrying the page's preview tags (Open Graph,
 * Twitter) so that a pasted link shows a card; a track or link the visitor may not see, or a licence number
 * that is none, is the same page with a 404 status (the app then shows its not-found screen, or the verify
 * page's "no such licence"). Hidden from the API docs: they are pages.
 * Returns the same answer for the spellings of these addresses that the web app's router also takes
 * (a trailing slash, capitals), which reach the not-found handler: null for any other page.
 */
export function registerPageRoutes(app: FastifyInstance, previews: PagePreviewService, indexHtml: () => string): PreviewAnswer {
  const answer = async (request: FastifyRequest, reply: FastifyReply, make: () => Promise<PagePreview>) => {
    let html = indexHtml();
    try {
      html = withPreview(html, await make());
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      reply.status(err.status);
      if (err.headers) reply.headers(err.headers);
    }
    // The tags are written in the caller's language.
    return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
  };
  const track = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    answer(request, reply, () => previews.track(id, requestLang(request)));
  const shared = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    answer(request, reply, () => previews.sharedPlaylist(token, addressKey(request.ip), requestLang(request)));
  // Counted under the address the API's lookups count under (request.ip), so a page and its lookups share one limit.
  const licence = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    answer(request, reply, () => previews.licence(id, request.ip, requestLang(request)));

  app.get<{ Params: { id: string } }>('/track/:id', { schema: { hide: true } }, (request, reply) =>
    track(request, reply, request.params.id),
  );
  app.get<{ Params: { token: string } }>('/shared/:token', { schema: { hide: true } }, (request, reply) =>
    shared(request, reply, request.params.token),
  );
  app.get<{ Params: { id: string } }>('/verify/:id', { schema: { hide: true } }, (request, reply) =>
    licence(request, reply, request.params.id),
  );
  return (request, reply, page) => {
    if (page.name === 'track') return track(request, reply, page.params.id!);
    if (page.name === 'sharedPlaylist') return shared(request, reply, page.params.token!);
    if (page.name === 'verify') return licence(request, reply, page.params.id!);
    return null;
  };
}
