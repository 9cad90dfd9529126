import {
  AuthMessageResponse,
  AuthResponse,
  DemoAccountResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginStatusResponse,
  ResetPasswordRequest,
  SignUpRequest,
  UnlockRequest,
} from '@rr/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService, Caller } from '../../auth/account-service.ts';
import { AUTH_MESSAGES } from '../../auth/auth-messages.ts';
import type { AuthService } from '../../auth/auth-service.ts';
import { SESSION_COOKIE, setSessionCookie } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Who calls: the limits count by the request's address (account-limits.ts). */
const caller = (r: FastifyRequest): Caller => ({
  ip: r.ip,
  userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : null,
});

/**
 * The session calls (spec §3, §7): sign-up, sign-in (its limits in the account service), sign-out,
 * the login status, the demo account, the locked screen and the password reset.
 */
export const authRoutes =
  (
    auth: AuthService,
    accounts: AccountService,
    opts: { demo: boolean; secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const done = { response: { 200: AuthMessageResponse } };

    app.post(
      '/api/auth/signup',
      { config: { session: false }, schema: { body: SignUpRequest, response: { 200: AuthResponse } } },
      async (request, reply) => {
        const { token, userinfo } = await accounts.signUp(request.body, caller(request));
        setSessionCookie(request, reply, token, opts.secureCookies);
        return { res: 'success' as const, userinfo };
      },
    );

    app.post(
      '/api/auth/login',
      { config: { session: false }, schema: { body: LoginRequest, response: { 200: AuthResponse } } },
      async (request, reply) => {
        const { token, userinfo } = await accounts.login(request.body, caller(request));
        setSessionCookie(request, reply, token, opts.secureCookies);
        return { res: 'success' as const, userinfo };
      },
    );

    app.post('/api/auth/logout', { schema: done }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { res: 'success' as const };
    });

    /** Spec §7: `{ loginstatus: 'Login success', userinfo, dbs }`, or another message otherwise. */
    app.post('/api/loginstatus', { schema: { response: { 200: LoginStatusResponse } } }, async (request) => {
      const s = request.session;
      if (!s) return { loginstatus: localize(request, AUTH_MESSAGES.notLoggedIn), demo: opts.demo };
      if (s.locked)
        return { loginstatus: localize(request, AUTH_MESSAGES.locked), locked: true, demo: opts.demo };
      return {
        loginstatus: 'Login success',
        userinfo: await auth.userInfo(s.userId),
        dbs: [],
        demo: opts.demo,
      };
    });

    app.get('/api/auth/demo', { schema: { response: { 200: DemoAccountResponse } } }, async () => ({
      demo: opts.demo,
      ...(opts.demo ? { email: 'demo@example.com', password: 'demo1234!' } : {}),
    }));

    app.post('/api/auth/lock', { schema: done }, async (request) => {
      if (request.session) await auth.setLocked(request.session.sessionId, true);
      return { res: 'success' as const };
    });

    app.post('/api/auth/unlock', { schema: { body: UnlockRequest, ...done } }, async (request) => {
      await accounts.unlock(request.session, request.body.password);
      return { res: 'success' as const };
    });

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: ForgotPasswordRequest, ...done } },
      async (request) => {
        await accounts.requestPasswordReset(request.body.email, caller(request));
        return { res: 'success' as const, message: localize(request, AUTH_MESSAGES.resetSent) };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: ResetPasswordRequest, ...done } },
      async (request) => {
        await accounts.resetPassword(request.body, caller(request));
        return { res: 'success' as const, message: localize(request, AUTH_MESSAGES.resetDone) };
      },
    );
  };
