import type { LoginRequest, ResetPasswordRequest, SignUpRequest, UserInfo } from '@rr/contracts';
import type { z } from 'zod';
import { AppError, tooMany } from '../errors/app-error.ts';
import type { CounterStore } from '../limits/counter-store.ts';
import { createLimitCounters, AUTH_LIMITS as L, type LimitCheck } from './account-limits.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import type { AuthService, ClientInfo, SessionUser } from './auth-service.ts';

/** Who calls: the request's address (the limits' keys) and its user agent (the access history). */
export type Caller = ClientInfo & { ip: string };

/** A new session: its token (the route sets the cookie) and the user as the web reads it. */
export type SignedIn = { token: string; userinfo: UserInfo };

const tooManySignIns = () => new AppError('too_many_attempts', 'too_many', AUTH_MESSAGES.tooManyAttempts);

/**
 * The account routes' calls with their limits (AUTH_LIMITS, account-limits.ts): sign-up, sign-in,
 * unlocking the locked screen and the password reset. Each counts or reserves its attempts before
 * the work it guards, and answers 429 past a limit. Built once per process by the container (the
 * counters it saw full are remembered here).
 */
export function createAccountService(auth: AuthService, counters: CounterStore, opts: { appOrigin: string }) {
  const limits = createLimitCounters(counters);
  const client = (from: Caller): ClientInfo => ({ ip: from.ip, userAgent: from.userAgent });
  const signedIn = async (token: string): Promise<SignedIn> => ({
    token,
    userinfo: await auth.userInfo((await auth.findSession(token))!.userId),
  });

  return {
    async signUp(input: z.output<typeof SignUpRequest>, from: Caller): Promise<SignedIn> {
      if (await limits.countOver([`signup:ip:${from.ip}`, L.signupsPerIp])) throw tooMany();
      const { token } = await auth.signUp(input, client(from));
      return signedIn(token);
    },

    async login(input: z.output<typeof LoginRequest>, from: Caller): Promise<SignedIn> {
      const email = input.email.toLowerCase();
      const byEmailAndIp: LimitCheck = [`login:email-ip:${email}:${from.ip}`, L.loginFailuresPerEmailAndIp];
      const byEmail: LimitCheck = [`login:email:${email}`, L.loginFailuresPerEmail];
      const byIp: LimitCheck = [`login:ip:${from.ip}`, L.loginFailuresPerIp];
      // A refusal this process already knows costs nothing more (no counter, no lookup).
      if (limits.isFull(byEmailAndIp[0]) || limits.isFull(byIp[0])) throw tooManySignIns();
      // The account's overall count is passed by its usual addresses once it is full (one
      // indexed lookup, asked only then): its owner still signs in from there.
      const checks =
        limits.isFull(byEmail[0]) && (await auth.isUsualAddress(email, from.ip))
          ? [byEmailAndIp, byIp]
          : [byEmailAndIp, byEmail, byIp];
      // An attempt is reserved before the password is checked and given back when it succeeds: only
      // failed sign-ins count (a seller signing in many times a day is never locked out), and 40 at
      // once for one e-mail from one address get exactly `max` password checks, the rest 429.
      if (!(await limits.reserve(...checks))) throw tooManySignIns();
      let token: string;
      try {
        ({ token } = await auth.login(input, client(from)));
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'wrong_credentials'))
          await limits.release(checks.map(([k]) => k));
        throw err;
      }
      await Promise.all([
        limits.reset(byEmailAndIp[0]),
        limits.release(checks.filter(([k]) => k !== byEmailAndIp[0]).map(([k]) => k)),
      ]);
      return signedIn(token);
    },

    /** Unlocks the locked screen of this session with the user's password. */
    async unlock(session: SessionUser | undefined, password: string): Promise<void> {
      if (!session) throw new AppError('unauthorized', 'unauthorized', AUTH_MESSAGES.notLoggedIn);
      const byUser: LimitCheck = [`unlock:user:${session.userId}`, L.unlockFailuresPerUser];
      if (!(await limits.reserve(byUser))) throw tooManySignIns();
      if (!(await auth.checkPassword(session.userId, password)))
        throw new AppError('wrong_password', 'unauthorized', AUTH_MESSAGES.wrongPassword);
      await limits.reset(byUser[0]);
      await auth.setLocked(session.sessionId, false);
    },

    /** Writes a reset link to the account's outbox (whether the account exists is not told). */
    async requestPasswordReset(email: string, from: Caller): Promise<void> {
      const key = email.toLowerCase();
      if (
        await limits.countOver(
          [`forgot:ip:${from.ip}`, L.forgotPerIp],
          [`forgot:email:${key}`, L.forgotPerEmail],
        )
      )
        throw tooMany();
      // The link's origin is the configured one (PUBLIC_URL), never a request header.
      await auth.requestPasswordReset(email, opts.appOrigin, client(from));
    },

    async resetPassword(input: z.output<typeof ResetPasswordRequest>, from: Caller): Promise<void> {
      if (await limits.countOver([`reset:ip:${from.ip}`, L.resetPerIp])) throw tooMany();
      const { email } = await auth.resetPassword(input.token, input.password, client(from));
      // A reset link unlocks at once (issue 39): the account's sign-in counts start again (in the
      // shared store, and this process forgets it saw them full; another web process beside it
      // keeps refusing until the window it remembered ends).
      const unlocked = [`login:email:${email}`, `login:email-ip:${email}:${from.ip}`];
      await limits.reset(...unlocked);
      limits.forget(...unlocked);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
