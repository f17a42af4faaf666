import {
  ChangePasswordRequest,
  ChannelRequest,
  MarketingConsentRequest,
  MAX_PAGE_SIZE,
  responseSchema,
  SigninAlerts,
  UpdateProfileRequest,
  WithdrawRequest,
} from '@sori/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../lib/app-error';
import { requireViewer } from '../plugins/auth';
import type { AccountService } from '../services/account/account.service';
import type { ChannelService } from '../services/account/channel.service';
import type { AuthService } from '../services/auth.service';
import type { LicenceService } from '../services/licences/licence.service';
import { ok, parseId, requestLang, requestOrigin } from './http';

const IdParam = z.object({ id: z.string() });
/** A session's handle (`DeviceSession.id`): 22 base64url characters. */
const SessionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/u) });
const PageQuery = z.object({ page: z.string().optional(), size: z.string().optional() });

/** The account page's calls (docs/ACCOUNTS.md): all for the signed-in member, about themselves only. */
export const accountRoutes =
  (deps: { auth: AuthService; accounts: AccountService; channels: ChannelService; licences: LicenceService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, accounts, channels, licences } = deps;
    const tags = ['account'];

    app.patch(
      '/my/user',
      {
        schema: {
          response: responseSchema('PATCH /my/user'),
          body: UpdateProfileRequest,
          tags,
          summary: 'Profile: nick, name, phone, team',
        },
      },
      async (request) => ok(await accounts.updateProfile(requireViewer(request), request.body)),
    );

    app.get(
      '/my/data',
      {
        schema: {
          response: responseSchema('GET /my/data'),
          tags,
          summary:
            "Everything Sori keeps about the member, to download (the privacy law's right of access): account, consents, channels, licences, likes, downloads, playlists, uploads, sessions",
        },
      },
      async (request, reply) => {
        const data = await accounts.exportData(requireViewer(request));
        reply.header('cache-control', 'private, no-store');
        return ok(data);
      },
    );

    app.post(
      '/my/password',
      {
        schema: {
          response: responseSchema('POST /my/password'),
          body: ChangePasswordRequest,
          tags,
          summary: 'Changes the password (current one required); every other session ends, this one gets a new token',
        },
      },
      async (request) => ok(await auth.changePassword(requireViewer(request), request.body, requestOrigin(request))),
    );

    app.post(
      '/my/withdrawal',
      {
        schema: {
          response: responseSchema('POST /my/withdrawal'),
          body: WithdrawRequest,
          tags,
          summary: 'Withdraws the account (password required): personal data deleted, licences kept pseudonymised',
        },
      },
      async (request) => {
        await accounts.withdraw(requireViewer(request), request.body.password);
        return ok({ withdrawn: true as const });
      },
    );

    app.get('/my/consents', { schema: { response: responseSchema('GET /my/consents'), tags } }, async (request) =>
      ok(await accounts.consents(requireViewer(request))),
    );

    app.put(
      '/my/consents/marketing',
      { schema: { response: responseSchema('PUT /my/consents/marketing'), body: MarketingConsentRequest, tags } },
      async (request) => ok(await accounts.setMarketing(requireViewer(request), request.body.agreed, requestLang(request))),
    );

    app.get(
      '/my/alerts',
      { schema: { response: responseSchema('GET /my/alerts'), tags, summary: 'Whether a sign-in from a new device is told by mail' } },
      async (request) => ok(await accounts.alerts(requireViewer(request))),
    );

    app.put(
      '/my/alerts',
      {
        schema: {
          response: responseSchema('PUT /my/alerts'),
          body: SigninAlerts,
          tags,
          summary: 'Turns the mail on a sign-in from a new device on or off',
        },
      },
      async (request) => ok(await accounts.setAlerts(requireViewer(request), request.body)),
    );

    app.get('/my/licences', { schema: { response: responseSchema('GET /my/licences'), querystring: PageQuery, tags } }, async (request) => {
      const viewer = requireViewer(request);
      const { page = '0', size = '20' } = request.query;
      if (!/^\d{1,6}$/u.test(page) || !/^\d{1,3}$/u.test(size) || Number(size) < 1 || Number(size) > MAX_PAGE_SIZE) {
        throw badRequest('VALIDATION_FAILED', { field: 'page' });
      }
      return ok(await licences.ofMember(viewer, Number(page), Number(size)));
    });

    app.get('/my/channels', { schema: { response: responseSchema('GET /my/channels'), tags } }, async (request) =>
      ok(await channels.list(requireViewer(request))),
    );

    app.post(
      '/my/channels',
      {
        schema: {
          response: responseSchema('POST /my/channels'),
          body: ChannelRequest,
          tags,
          summary: 'Clears a channel (YouTube link, UC… id or @handle; other platforms by link) within the plan',
        },
      },
      async (request, reply) => reply.status(201).send(ok(await channels.add(requireViewer(request), request.body.url))),
    );

    app.get(
      '/my/sessions',
      { schema: { response: responseSchema('GET /my/sessions'), tags, summary: 'Signed-in devices: this one first, then by last use' } },
      async (request) => ok(await auth.listSessions(requireViewer(request))),
    );

    app.delete(
      '/my/sessions/:id',
      {
        schema: {
          response: responseSchema('DELETE /my/sessions/:id'),
          params: SessionParam,
          tags,
          summary: 'Signs one device out at once (404 when it is not a live session of the caller)',
        },
      },
      async (request) => ok(await auth.endSession(requireViewer(request), request.params.id)),
    );

    app.delete(
      '/my/sessions',
      { schema: { response: responseSchema('DELETE /my/sessions'), tags, summary: 'Signs out every device but this one' } },
      async (request) => ok(await auth.endOtherSessions(requireViewer(request))),
    );

    app.delete(
      '/my/channels/:id',
      { schema: { response: responseSchema('DELETE /my/channels/:id'), params: IdParam, tags } },
      async (request) => ok(await channels.remove(requireViewer(request), parseId(request.params.id))),
    );
  };
