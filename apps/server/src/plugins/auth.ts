import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/app-error';
import type { AuthService, Viewer } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    viewer: Viewer | null;
    /** A bearer token was sent but is bad, expired or revoked. */
    tokenRejected: boolean;
  }
}

/**
 * Reads `Authorization: Bearer …` on every request. Public routes treat a rejected token as signed out;
 * routes that need a caller answer 401 (and the web app then clears its stored session).
 */
export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('tokenRejected', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const m = /^Bearer\s+(\S+)$/iu.exec(header);
    const user = m ? await auth.authenticate(m[1]!) : null;
    if (user) request.viewer = { id: user.id, level: user.level, sessionId: user.sessionId };
    else request.tokenRejected = true;
  });
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (request.viewer) return request.viewer;
  throw unauthorized(request.tokenRejected ? 'TOKEN_INVALID' : 'UNAUTHORIZED');
}
