import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../auth/auth-messages.ts';
import type { AuthService } from '../../auth/auth-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { SESSION_COOKIE, setSessionCookie } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const Email = z.string().trim().email().max(200);
const Password = z.string().min(1).max(200);

export const authRoutes =
  (auth: AuthService, opts: { demo: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    // Sign-in attempts: 10 per 15 minutes per email, 30 per 15 minutes per IP (per server process).
    const perEmail = new RateLimiterMemory({ points: 10, duration: 15 * 60 });
    const perIp = new RateLimiterMemory({ points: 30, duration: 15 * 60 });
    const client = (r: { ip: string; headers: Record<string, unknown> }) => ({
      ip: r.ip ?? null,
      userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : null,
    });

    app.post(
      '/api/auth/signup',
      {
        schema: {
          body: z.object({
            companyName: z.string().trim().min(1).max(100),
            name: z.string().trim().min(1).max(100),
            email: Email,
            password: Password,
          }),
        },
      },
      async (request, reply) => {
        const { token } = await auth.signUp(request.body, client(request));
        setSessionCookie(request, reply, token);
        return { res: 'success', userinfo: await auth.userInfo((await auth.findSession(token))!.userId) };
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { body: z.object({ email: Email, password: Password }) } },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        try {
          await Promise.all([perEmail.consume(email), perIp.consume(request.ip)]);
        } catch {
          throw new AppError('too_many_attempts', 'too_many', AUTH_MESSAGES.tooManyAttempts);
        }
        const { token } = await auth.login(request.body, client(request));
        await perEmail.delete(email);
        setSessionCookie(request, reply, token);
        const session = await auth.findSession(token);
        return { res: 'success', userinfo: await auth.userInfo(session!.userId) };
      },
    );

    app.post('/api/auth/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { res: 'success' };
    });

    /** Spec §7: `{ loginstatus: 'Login success', userinfo, dbs }`, or another message otherwise. */
    app.post('/api/loginstatus', async (request) => {
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

    app.get('/api/auth/demo', async () => ({
      demo: opts.demo,
      ...(opts.demo ? { email: 'demo@example.com', password: 'demo1234!' } : {}),
    }));

    app.post('/api/auth/lock', async (request) => {
      if (request.session) await auth.setLocked(request.session.sessionId, true);
      return { res: 'success' };
    });

    app.post('/api/auth/unlock', { schema: { body: z.object({ password: Password }) } }, async (request) => {
      const s = request.session;
      if (!s) throw new AppError('unauthorized', 'unauthorized', AUTH_MESSAGES.notLoggedIn);
      try {
        await perEmail.consume(s.email);
      } catch {
        throw new AppError('too_many_attempts', 'too_many', AUTH_MESSAGES.tooManyAttempts);
      }
      if (!(await auth.checkPassword(s.userId, request.body.password))) {
        throw new AppError('wrong_password', 'unauthorized', AUTH_MESSAGES.wrongPassword);
      }
      await auth.setLocked(s.sessionId, false);
      return { res: 'success' };
    });

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: z.object({ email: Email }) } },
      async (request) => {
        const origin = `${request.protocol}://${request.host}`;
        await auth.requestPasswordReset(request.body.email, origin, client(request));
        return { res: 'success', message: localize(request, AUTH_MESSAGES.resetSent) };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: z.object({ token: z.string().min(10).max(200), password: Password }) } },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password, client(request));
        return { res: 'success', message: localize(request, AUTH_MESSAGES.resetDone) };
      },
    );
  };
