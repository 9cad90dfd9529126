import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_MESSAGES as M } from '../access-tokens/access-token-messages.ts';
import type { AccessTokenScopeName, AccessTokenService } from '../access-tokens/access-token-service.ts';
import { AppError } from '../errors/app-error.ts';
import { isApiRequest } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route also accepts `Authorization: Bearer <personal access token>` of this scope. */
    accessToken?: AccessTokenScopeName;
  }
  interface FastifyRequest {
    /** The personal access token this request was made with (its id), if any. */
    accessTokenId: string | undefined;
  }
}

/** The token of an `Authorization: Bearer …` header; undefined for no header or another scheme. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || !/^bearer\b/i.test(header.trimStart())) return undefined;
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('malformed_authorization', 'unauthorized', M.malformed);
  return match[1];
}

/**
 * Personal access tokens (issue 24). A request with `Authorization: Bearer` acts as the token's user
 * on routes whose `config.accessToken` names the token's scope, and only there: every other /api
 * route answers 403. The session cookie of such a request is ignored, so a token never borrows a
 * browser session and a cookie never widens a token. Requests without a Bearer header (the web
 * app's) are untouched. Install after `installAuthContext`.
 */
export function installAccessTokenAuth(app: FastifyInstance, tokens: AccessTokenService): void {
  app.decorateRequest('accessTokenId', undefined);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const token = bearerToken(request);
    if (token === undefined) return;
    request.session = undefined;
    const scope = request.routeOptions.config?.accessToken;
    if (scope === undefined) throw new AppError('token_scope', 'forbidden', M.scope);
    const owner = await tokens.authenticate(token, scope);
    request.accessTokenId = owner.tokenId;
    request.session = {
      sessionId: `token:${owner.tokenId}`,
      locked: false,
      userId: owner.userId,
      companyId: owner.companyId,
      supplierCode: owner.supplierCode,
      email: owner.email,
      auth: owner.auth,
      addAccount: owner.addAccount,
    };
  });
}
