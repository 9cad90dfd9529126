import {
  AcceptInvitationRequest,
  AuthResponse,
  InvitationInfoResponse,
  InvitationTokenParams,
  InviteUserRequest,
  InviteUserResponse,
  ListUsersResponse,
  OutboxResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserIdParams,
} from '@rr/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors/app-error.ts';
import type { OutboxService } from '../../mail/outbox-service.ts';
import type { Actor, UserService } from '../../users/user-service.ts';
import { requireAuth, setSessionCookie } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const actorOf = (request: FastifyRequest): Actor => {
  const s = request.session;
  if (!s) throw unauthorized();
  return { userId: s.userId, companyId: s.companyId, auth: s.auth };
};

/**
 * A company's users (issue 42): the list, invitations, flags and activity (screens users, addusers,
 * user-auth-manager: the manageUsers flag), the invitation link's page and sign-up (public), and the
 * demo's outbox.
 */
export const userRoutes =
  (users: UserService, outbox: OutboxService, opts: { secureCookies: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.get('/api/users', { ...auth, schema: { response: { 200: ListUsersResponse } } }, async (request) =>
      users.list(actorOf(request)),
    );

    app.post(
      '/api/users/invitations',
      { ...auth, schema: { body: InviteUserRequest, response: { 200: InviteUserResponse } } },
      async (request) => {
        const made = await users.invite(actorOf(request), request.body);
        return {
          res: 'success' as const,
          message: localize(request, made.message),
          invitation: made.invitation,
        };
      },
    );

    app.patch(
      '/api/users/:id',
      {
        ...auth,
        schema: { params: UserIdParams, body: UpdateUserRequest, response: { 200: UpdateUserResponse } },
      },
      async (request) => {
        const done = await users.update(actorOf(request), request.params.id, request.body);
        return { res: 'success' as const, message: localize(request, done.message), user: done.user };
      },
    );

    app.get(
      '/api/auth/invitations/:token',
      {
        config: { session: false },
        schema: { params: InvitationTokenParams, response: { 200: InvitationInfoResponse } },
      },
      async (request) => users.invitation(request.params.token),
    );

    app.post(
      '/api/auth/invitations/accept',
      {
        config: { session: false },
        schema: { body: AcceptInvitationRequest, response: { 200: AuthResponse } },
      },
      async (request, reply) => {
        const { token, userinfo } = await users.accept(request.body, {
          ip: request.ip,
          userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        });
        setSessionCookie(request, reply, token, opts.secureCookies);
        return { res: 'success' as const, userinfo };
      },
    );

    app.get(
      '/api/demo/outbox',
      { ...auth, schema: { response: { 200: OutboxResponse } } },
      async (request) => ({
        items: await outbox.latest(actorOf(request).companyId),
      }),
    );
  };
