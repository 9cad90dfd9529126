import {
  AccessTokenIdParams,
  CaptureCheckResponse,
  CreateAccessTokenRequest,
  CreateAccessTokenResponse,
  DeleteAccessTokenResponse,
  ListAccessTokensResponse,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_MESSAGES } from '../../access-tokens/access-token-messages.ts';
import type { AccessTokenService } from '../../access-tokens/access-token-service.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** The signed-in user's personal access tokens (settings screen). A token cannot manage tokens. */
export const accessTokenRoutes =
  (tokens: AccessTokenService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };
    const owner = (session: { userId: string; companyId: string } | undefined) => {
      if (!session) throw unauthorized();
      return { userId: session.userId, companyId: session.companyId };
    };

    app.get(
      '/api/tokens',
      { ...auth, schema: { response: { 200: ListAccessTokensResponse } } },
      async (request) => ({ items: await tokens.list(owner(request.session).userId) }),
    );

    app.post(
      '/api/tokens',
      { ...auth, schema: { body: CreateAccessTokenRequest, response: { 200: CreateAccessTokenResponse } } },
      async (request) => {
        const made = await tokens.create(owner(request.session), request.body.name);
        return { id: made.id, token: made.token, item: made.item, message: localize(request, made.message) };
      },
    );

    // The extension's connection test: the token (or session) is checked by the hooks; nothing changes.
    app.get(
      '/api/import1688/check',
      { ...auth, config: { accessToken: 'capture' }, schema: { response: { 200: CaptureCheckResponse } } },
      async (request) => {
        if (!request.session) throw unauthorized();
        return { res: 'success' as const, email: request.session.email };
      },
    );

    app.delete(
      '/api/tokens/:id',
      { ...auth, schema: { params: AccessTokenIdParams, response: { 200: DeleteAccessTokenResponse } } },
      async (request) => {
        await tokens.revoke(owner(request.session).userId, request.params.id);
        return { res: 'success' as const, message: localize(request, ACCESS_TOKEN_MESSAGES.deleted) };
      },
    );
  };
