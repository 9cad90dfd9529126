import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../auth/auth-messages.ts';
import type { AuthService } from '../../auth/auth-service.ts';
import { AppError, tooMany as tooManyError } from '../../errors/app-error.ts';
import type { CounterStore } from '../../limits/counter-store.ts';
import { SESSION_COOKIE, setSessionCookie } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const Email = z.string().trim().email().max(200);
const Password = z.string().min(1).max(200);

const MINUTE = 60_000;

/**
 * Limits of the account routes (docs/security.md): failed sign-ins per account and address together,
 * per account from every address but its usual ones, and per address,
 * failed unlocks per user, sign-ups, reset requests and reset attempts per address (and per email
 * for reset requests). The counters live in PostgreSQL or Redis, shared by every process.
 */
export const AUTH_LIMITS = {
  // Issue 39: an account's failures from one address lock that address only; a known e-mail no
  // longer locks its owner out. Spread over many addresses they are held by the account's overall
  // limit, which its usual addresses (signed in from before) pass, and a password reset empties.
  loginFailuresPerEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerEmail: { max: 50, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  unlockFailuresPerUser: { max: 10, windowMs: 15 * MINUTE },
  signupsPerIp: { max: 30, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 10, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
} as const;

/** Keys whose counter went over its limit, each until its window ends; at most `maxKeys`, oldest dropped. */
export class FullWindows {
  private readonly until = new Map<string, number>();
  constructor(
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}
  add(key: string, msLeft: number): void {
    this.until.delete(key);
    this.until.set(key, this.now() + msLeft);
    if (this.until.size > this.maxKeys) this.until.delete(this.until.keys().next().value!);
  }
  delete(key: string): void {
    this.until.delete(key);
  }
  has(key: string): boolean {
    const end = this.until.get(key);
    if (end === undefined) return false;
    if (end > this.now()) return true;
    this.until.delete(key);
    return false;
  }
  get size(): number {
    return this.until.size;
  }
}

export const authRoutes =
  (
    auth: AuthService,
    opts: { demo: boolean; appOrigin: string; counters: CounterStore; secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { counters } = opts;
    const tooManySignIns = () => new AppError('too_many_attempts', 'too_many', AUTH_MESSAGES.tooManyAttempts);
    const tooMany = () => tooManyError();
    /**
     * Reserves one attempt on each counter, in turn, before the (slow) check it guards — one atomic
     * `hit` each, so requests arriving at once each get their own number. Answers false when one went
     * over its limit; the reservations this call took on the counters before it are then given back.
     * So at most `max` attempts of a window are ever checked, however many arrive together.
     */
    const reserve = async (...checks: [string, { max: number; windowMs: number }][]) => {
      const taken: string[] = [];
      for (const [key, l] of checks) {
        if (full.has(key) || (await hitUnder(key, l))) {
          await Promise.all(taken.map((k) => counters.release(k)));
          return false;
        }
        taken.push(key);
      }
      return true;
    };
    /**
     * Counters this process saw go over their limit, until their window ends: a counter over its
     * limit stays there (only a success resets it, and none is checked while it is over), so the
     * next attempts are refused without asking the store (issue 21: 40 sign-ins at once for a locked
     * e-mail were 40 counter queries).
     */
    const full = new FullWindows();
    /** One hit on `key`; true when it went over the limit (remembered in `full`). */
    const hitUnder = async (key: string, l: { max: number; windowMs: number }) => {
      const { hits, msLeft } = await counters.hit(key, l.windowMs);
      if (hits <= l.max) return false;
      full.add(key, msLeft);
      return true;
    };
    /** Counts one attempt on each counter; answers whether any went over its limit. */
    const count = async (...checks: [string, { max: number; windowMs: number }][]) => {
      if (checks.some(([key]) => full.has(key))) return true;
      const over = await Promise.all(checks.map(([key, l]) => hitUnder(key, l)));
      return over.some(Boolean);
    };
    const L = AUTH_LIMITS;
    const client = (r: { ip: string; headers: Record<string, unknown> }) => ({
      ip: r.ip ?? null,
      userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : null,
    });

    app.post(
      '/api/auth/signup',
      {
        config: { session: false },
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
        if (await count([`signup:ip:${request.ip}`, L.signupsPerIp])) throw tooMany();
        const { token } = await auth.signUp(request.body, client(request));
        setSessionCookie(request, reply, token, opts.secureCookies);
        return { res: 'success', userinfo: await auth.userInfo((await auth.findSession(token))!.userId) };
      },
    );

    app.post(
      '/api/auth/login',
      { config: { session: false }, schema: { body: z.object({ email: Email, password: Password }) } },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        type Check = [string, { max: number; windowMs: number }];
        const byEmailAndIp: Check = [`login:email-ip:${email}:${request.ip}`, L.loginFailuresPerEmailAndIp];
        const byEmail: Check = [`login:email:${email}`, L.loginFailuresPerEmail];
        const byIp: Check = [`login:ip:${request.ip}`, L.loginFailuresPerIp];
        // A refusal this process already knows costs nothing more (no counter, no lookup).
        if (full.has(byEmailAndIp[0]) || full.has(byIp[0])) throw tooManySignIns();
        // The account's overall count is passed by its usual addresses once it is full (one
        // indexed lookup, asked only then): its owner still signs in from there.
        const checks =
          full.has(byEmail[0]) && (await auth.isUsualAddress(email, request.ip))
            ? [byEmailAndIp, byIp]
            : [byEmailAndIp, byEmail, byIp];
        // An attempt is reserved before the password is checked and given back when it succeeds: only
        // failed sign-ins count (a seller signing in many times a day is never locked out), and 40 at
        // once for one e-mail from one address get exactly `max` password checks, the rest 429.
        if (!(await reserve(...checks))) throw tooManySignIns();
        const release = (keys: string[]) => Promise.all(keys.map((k) => counters.release(k)));
        let token: string;
        try {
          ({ token } = await auth.login(request.body, client(request)));
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'wrong_credentials'))
            await release(checks.map(([k]) => k));
          throw err;
        }
        await Promise.all([
          counters.reset(byEmailAndIp[0]),
          release(checks.filter(([k]) => k !== byEmailAndIp[0]).map(([k]) => k)),
        ]);
        setSessionCookie(request, reply, token, opts.secureCookies);
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
      const byUser = [`unlock:user:${s.userId}`, L.unlockFailuresPerUser] as [
        string,
        typeof L.unlockFailuresPerUser,
      ];
      if (!(await reserve(byUser))) throw tooManySignIns();
      if (!(await auth.checkPassword(s.userId, request.body.password)))
        throw new AppError('wrong_password', 'unauthorized', AUTH_MESSAGES.wrongPassword);
      await counters.reset(byUser[0]);
      await auth.setLocked(s.sessionId, false);
      return { res: 'success' };
    });

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: z.object({ email: Email }) } },
      async (request) => {
        const email = request.body.email.toLowerCase();
        if (
          await count([`forgot:ip:${request.ip}`, L.forgotPerIp], [`forgot:email:${email}`, L.forgotPerEmail])
        )
          throw tooMany();
        // The link's origin is the configured one (PUBLIC_URL), never a request header.
        await auth.requestPasswordReset(request.body.email, opts.appOrigin, client(request));
        return { res: 'success', message: localize(request, AUTH_MESSAGES.resetSent) };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: z.object({ token: z.string().min(10).max(200), password: Password }) } },
      async (request) => {
        if (await count([`reset:ip:${request.ip}`, L.resetPerIp])) throw tooMany();
        const { email } = await auth.resetPassword(
          request.body.token,
          request.body.password,
          client(request),
        );
        // A reset link unlocks at once (issue 39): the account's sign-in counts start again (in the
        // shared store, and this process forgets it saw them full; another web process beside it
        // keeps refusing until the window it remembered ends).
        const unlocked = [`login:email:${email}`, `login:email-ip:${email}:${request.ip}`];
        await Promise.all(unlocked.map((k) => counters.reset(k)));
        for (const k of unlocked) full.delete(k);
        return { res: 'success', message: localize(request, AUTH_MESSAGES.resetDone) };
      },
    );
  };
