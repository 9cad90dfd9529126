import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, SessionUser } from '../auth/auth-service.ts';
import { unauthorized } from '../errors/app-error.ts';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, if any (resolved from the session cookie). */
    session: SessionUser | undefined;
  }
}

/** Resolves the session cookie on every /api request; `requireAuth` then guards the company's data. */
export function installAuthContext(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await auth.findSession(token) : undefined;
  });
}

/** preHandler for routes that touch a company's data: a live, unlocked session is required. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.session || request.session.locked) throw unauthorized();
}

/** The company every query of this request is scoped to. */
export function companyOf(request: FastifyRequest): string {
  if (!request.session) throw unauthorized();
  return request.session.companyId;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 14 * 86_400,
  });
}
