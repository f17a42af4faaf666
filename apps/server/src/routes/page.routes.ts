import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { addressKey } from '../lib/address-key';
import { withPreview, type PagePreview } from '../lib/page-meta';
import type { PagePreviewService } from '../services/page-preview.service';
import { requestLang } from './http';

/**
 * The web app's shareable pages, answered with index.html carrying the page's preview tags (Open Graph,
 * Twitter) so that a pasted link shows a card; a track or link the visitor may not see is the same page
 * with a 404 status (the app then shows its not-found screen). Hidden from the API docs: they are pages.
 */
export function registerPageRoutes(app: FastifyInstance, previews: PagePreviewService, indexHtml: () => string) {
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

  app.get<{ Params: { id: string } }>('/track/:id', { schema: { hide: true } }, (request, reply) =>
    answer(request, reply, () => previews.track(request.params.id, requestLang(request))),
  );
  app.get<{ Params: { token: string } }>('/shared/:token', { schema: { hide: true } }, (request, reply) =>
    answer(request, reply, () => previews.sharedPlaylist(request.params.token, addressKey(request.ip), requestLang(request))),
  );
}
