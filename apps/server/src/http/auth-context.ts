import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, SessionUser } from '../auth/auth-service.ts';
import { unauthorized } from '../errors/app-error.ts';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route never reads the caller's session, so it is not looked up (a database query). */
    session?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of this request, if any (resolved from the session cookie). */
    session: SessionUser | undefined;
  }
}

/** Resolves the session cookie on every /api request; `requireAuth` then guards the company's data. */
export function installAuthContext(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) || request.routeOptions.config?.session === false) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await auth.findSession(token) : undefined;
  });
}

/**
 * Whether a request is for the JSON API, by the route it matched (the raw URL may be encoded:
 * `/%61pi/...` matches `/api/...`); unmatched requests by their decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== '*' && route !== '/*') return route.startsWith('/api/');
  try {
    return decodeURIComponent(request.url.split('?')[0]!).startsWith('/api/');
  } catch {
    return true;
  }
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

/** The session cookie: Secure behind HTTPS, and always in production (`forceSecure`). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  forceSecure = false,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: forceSecure || request.protocol === 'https',
    maxAge: 14 * 86_400,
  });
}
