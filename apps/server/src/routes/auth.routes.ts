import { FindPasswordRequest, ResetPasswordRequest, ResetTokenQuery, responseSchema, SigninRequest, SignupRequest } from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../plugins/auth';
import type { AuthService } from '../services/auth.service';
import { ok, requestLang, requestOrigin, statedLang } from './http';

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/signup',
      { schema: { response: responseSchema('POST /signup'), body: SignupRequest, tags: ['auth'] } },
      async (request, reply) => {
        const user = await auth.signup(request.body, request.ip, requestLang(request));
        return reply.status(201).send(ok({ user }));
      },
    );

    app.post('/signin', { schema: { response: responseSchema('POST /signin'), body: SigninRequest, tags: ['auth'] } }, async (request) => {
      return ok(await auth.signin(request.body, requestOrigin(request)));
    });

    app.post('/token/refresh', { schema: { response: responseSchema('POST /token/refresh'), tags: ['auth'] } }, async (request) => {
      return ok(await auth.refresh(requireViewer(request)));
    });

    app.post(
      '/signout',
      { schema: { response: responseSchema('POST /signout'), tags: ['auth'], summary: 'Ends this session on the server (204)' } },
      async (request, reply) => {
        await auth.signout(requireViewer(request));
        return reply.status(204).send();
      },
    );

    app.get('/my/user', { schema: { response: responseSchema('GET /my/user'), tags: ['auth'] } }, async (request) => {
      return ok(await auth.me(requireViewer(request)));
    });

    app.post(
      '/findpw',
      { schema: { response: responseSchema('POST /findpw'), body: FindPasswordRequest, tags: ['auth'] } },
      async (request, reply) => {
        await auth.requestPasswordReset(request.body.email, request.ip, statedLang(request));
        return reply.status(202).send(ok({ accepted: true }));
      },
    );

    app.get(
      '/resetpw',
      {
        schema: {
          response: responseSchema('GET /resetpw'),
          querystring: ResetTokenQuery,
          tags: ['auth'],
          summary: 'Whether a reset link can still be used, without using it',
        },
      },
      async (request) => ok({ usable: await auth.resetTokenUsable(request.query.token, request.ip) }),
    );

    app.post(
      '/resetpw',
      { schema: { response: responseSchema('POST /resetpw'), body: ResetPasswordRequest, tags: ['auth'] } },
      async (request) => {
        const { token, password, confirmPassword } = request.body;
        return ok(await auth.resetPassword(token, password, confirmPassword, requestOrigin(request)));
      },
    );
  };
