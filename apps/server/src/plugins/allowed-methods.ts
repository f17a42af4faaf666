import FindMyWay from 'find-my-way';
import type { FastifyInstance } from 'fastify';

/**
 * The methods an API path answers, for a request that uses another one: 405 with an `Allow` header
 * (RFC 9110 §15.5.6) rather than "not found", and OPTIONS answered with `Allow`. Routes are collected as they
 * are added (onRoute, so this is called before any API route), into a router of the kind Fastify itself uses,
 * so `/api/music/7` finds the methods of `/api/music/:id`.
 */
export function collectAllowedMethods(app: FastifyInstance, prefix = '/api/'): (url: string) => string[] {
  const router = FindMyWay({ maxParamLength: 500 });
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    for (const method of [route.method].flat()) {
      router.on(method as FindMyWay.HTTPMethod, route.url, () => undefined);
      methods.add(method);
    }
  });
  return (url) => {
    const path = url.split('?')[0]!;
    return [...methods].filter((method) => router.find(method as FindMyWay.HTTPMethod, path) !== null).sort();
  };
}
