import {
  AccountMessageResponse,
  AccountResponse,
  AccountSessionParams,
  AccountSessionsResponse,
  ChangePasswordRequest,
  UpdateAccountRequest,
} from '@rr/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors/app-error.ts';
import type { ProfileService } from '../../users/profile-service.ts';
import { requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const who = (request: FastifyRequest) => {
  const s = request.session;
  if (!s) throw unauthorized();
  return { userId: s.userId, sessionId: s.sessionId };
};

/** The signed-in user's own account (screens account and profile, open to every user; issue 42). */
export const accountRoutes =
  (profile: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };
    const done = { 200: AccountMessageResponse };

    app.get('/api/account', { ...auth, schema: { response: { 200: AccountResponse } } }, async (request) =>
      profile.view(who(request).userId),
    );

    app.patch(
      '/api/account',
      { ...auth, schema: { body: UpdateAccountRequest, response: done } },
      async (request) => ({
        res: 'success' as const,
        message: localize(request, await profile.update(who(request).userId, request.body)),
      }),
    );

    app.post(
      '/api/account/password',
      { ...auth, schema: { body: ChangePasswordRequest, response: done } },
      async (request) => ({
        res: 'success' as const,
        message: localize(
          request,
          await profile.changePassword(who(request), request.body.current, request.body.next),
        ),
      }),
    );

    app.get(
      '/api/account/sessions',
      { ...auth, schema: { response: { 200: AccountSessionsResponse } } },
      async (request) => ({ items: await profile.sessions(who(request)) }),
    );

    app.delete(
      '/api/account/sessions/:id',
      { ...auth, schema: { params: AccountSessionParams, response: done } },
      async (request) => ({
        res: 'success' as const,
        message: localize(request, await profile.revokeSession(who(request).userId, request.params.id)),
      }),
    );
  };
