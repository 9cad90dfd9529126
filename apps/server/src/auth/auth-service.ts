import { randomBytes } from 'node:crypto';
import type { UserInfo } from '@rr/contracts';
import { DEMO_EMAIL } from '../db/seed-demo.ts';
import { AppError, badRequest, conflict } from '../errors/app-error.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import type { AuthRepository, SessionRow } from './auth-repository.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { SIGNUP_FLAGS } from './route-flags.ts';
import { hashToken, newToken } from './tokens.ts';

const SESSION_DAYS = 14;
const RESET_MINUTES = 60;
/**
 * How long a process answers a session from memory before reading it again (issue 25: the session
 * read was one of the statements of every API request). A sign-out, a lock or a password reset is
 * seen at once by the process that served it and within this bound by every other process.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_ENTRIES = 10_000;

export type SessionUser = SessionRow;

export type ClientInfo = { ip: string | null; userAgent: string | null };

/**
 * Accounts and sessions over their repository (`createAuthRepository(db)`, built by the container;
 * a test passes a fake). `demo`: whether demo mode is on. While it is off the demo account (left in a
 * database that once ran the demo) cannot sign in, and its sessions are not honoured: its password
 * is public.
 */
export function createAuthService(
  repo: AuthRepository,
  log: { info: (obj: object, msg: string) => void },
  opts: {
    demo: boolean;
    now?: () => number;
    /** Issue 42: sends a mail (SMTP or the outbox: mail/mailer.ts); without it resets go to the outbox. */
    mail?: (mail: { companyId: string; to: string; subject: string; text: string }) => Promise<void>;
  } = { demo: false },
) {
  const now = opts.now ?? Date.now;
  /** Live sessions by their id (the token's hash), read within SESSION_CACHE_MS; oldest out first. */
  const sessions = new Map<string, { row: SessionRow; until: number }>();
  // Counts the sessions ended or changed here: a read under way across one of them is not kept.
  let changes = 0;
  const forget = (id: string) => {
    changes++;
    sessions.delete(id);
  };
  const forgetUser = (userId: string) => {
    changes++;
    for (const [id, s] of sessions) if (s.row.userId === userId) sessions.delete(id);
  };
  const refused = (email: string) => !opts.demo && email.trim().toLowerCase() === DEMO_EMAIL;
  const recordAccess = (
    event: string,
    email: string,
    client: ClientInfo,
    ids: { userId?: string; companyId?: string } = {},
  ) => repo.recordAccess({ event, email, ...client, ...ids });

  async function createSession(userId: string, companyId: string): Promise<string> {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await repo.insertSession({ id: hash, userId, companyId, expiresAt });
    return token;
  }

  return {
    /** Creates a company and its first user (every later row belongs to that company). */
    async signUp(
      input: {
        companyName: string;
        name: string;
        email: string;
        password: string;
        auth?: Record<string, boolean>;
      },
      client: ClientInfo,
    ) {
      if (input.password.length < 8) throw badRequest(AUTH_MESSAGES.passwordRule, 'weak_password');
      const email = input.email.trim().toLowerCase();
      if (await repo.findUserByEmail(email)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
      const user = await repo.insertCompanyWithUser({
        companyName: input.companyName.trim(),
        supplierCode: newSupplierCode(),
        email,
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        auth: input.auth ?? SIGNUP_FLAGS,
      });
      // Two sign-ups with one email at once: the unique index answers for the loser.
      if (!user) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
      await recordAccess('signup', email, client, { userId: user.id, companyId: user.company_id });
      const token = await createSession(user.id, user.company_id);
      return { token, userId: user.id };
    },

    async login(input: { email: string; password: string }, client: ClientInfo) {
      const email = input.email.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
      if (!user || !ok || refused(email)) {
        await recordAccess(
          'login_failed',
          email,
          client,
          user ? { userId: user.id, companyId: user.company_id } : {},
        );
        throw new AppError('wrong_credentials', 'unauthorized', AUTH_MESSAGES.wrongCredentials);
      }
      // Issue 42: told only with the right password; a deactivated user gets no session.
      if (user.active === false) throw new AppError('user_inactive', 'forbidden', AUTH_MESSAGES.inactive);
      await recordAccess('login', email, client, { userId: user.id, companyId: user.company_id });
      return { token: await createSession(user.id, user.company_id) };
    },

    /**
     * Whether `ip` is one of the account's usual addresses: it signed in or up from there in the last
     * 90 days (issue 39: failed sign-ins from elsewhere never lock its owner out there).
     */
    async isUsualAddress(email: string, ip: string): Promise<boolean> {
      return repo.signedInFrom(email.trim().toLowerCase(), ip, new Date(now() - 90 * 86_400_000));
    },

    async logout(token: string) {
      const id = hashToken(token);
      forget(id);
      await repo.deleteSession(id);
    },

    async findSession(token: string): Promise<SessionUser | undefined> {
      const id = hashToken(token);
      const at = now();
      const known = sessions.get(id);
      let row = known && known.until > at ? known.row : undefined;
      if (!row) {
        if (known) sessions.delete(id);
        const before = changes;
        row = await repo.findSession(id, new Date(at));
        if (row && changes === before) {
          if (sessions.size >= SESSION_CACHE_ENTRIES) sessions.delete(sessions.keys().next().value!);
          sessions.set(id, { row, until: at + SESSION_CACHE_MS });
        }
      }
      return row && !refused(row.email) ? { ...row } : undefined;
    },

    /** Reads the user's sessions again on their next request (issue 42: flags or activity changed). */
    forgetUser,

    async setLocked(sessionId: string, locked: boolean) {
      forget(sessionId);
      await repo.setSessionLocked(sessionId, locked);
    },

    async checkPassword(userId: string, password: string): Promise<boolean> {
      const hash = await repo.findPasswordHash(userId);
      return hash ? verifyPassword(hash, password) : false;
    },

    /** The spec's User entity (§3), as the web app reads it from /api/loginstatus (dates as ISO strings). */
    async userInfo(userId: string): Promise<UserInfo> {
      const u = await repo.findUserWithCompany(userId);
      const history = await repo.accessHistory(userId, 10);
      return {
        _id: u.id,
        regdate: u.created_at.toISOString(),
        name: u.name,
        companyid: u.company_id,
        companyName: u.company_name,
        email: u.email,
        phone: u.phone,
        suppliercode: u.supplier_code,
        accesshistory: history.map((h) => ({ ...h, at: h.at.toISOString() })),
        auth: u.auth,
        grade: u.grade,
        expireDate: u.expire_date?.toISOString() ?? null,
        paydate: u.pay_date?.toISOString() ?? null,
        nextpayment: u.next_payment?.toISOString() ?? null,
        addAccount: u.add_account,
        version: u.version,
        rocketRegSlot: u.rocket_reg_slot,
        image: u.image,
      };
    },

    /** Mails the reset link (over SMTP with SMTP_URL, else into the outbox); never logs it. */
    async requestPasswordReset(emailInput: string, baseUrl: string, client: ClientInfo) {
      const email = emailInput.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      await recordAccess(
        'password_reset_requested',
        email,
        client,
        user ? { userId: user.id, companyId: user.company_id } : {},
      );
      if (!user) return;
      const { token, hash } = newToken();
      await repo.insertPasswordReset({
        tokenHash: hash,
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
      });
      const link = `${baseUrl}/auth/reset-password/${token}`;
      const mail = {
        companyId: user.company_id,
        to: email,
        subject: '[로켓등록] 비밀번호 재설정',
        text: `아래 링크에서 ${RESET_MINUTES}분 안에 비밀번호를 재설정하세요.\n${link}`,
      };
      if (opts.mail) await opts.mail(mail);
      else await repo.insertOutboxMail({ ...mail, body: mail.text });
      // The token is a password for this account for an hour: it goes to the mail only, never the log.
      log.info({ to: email }, 'password reset link mailed');
    },

    async resetPassword(token: string, password: string, client: ClientInfo) {
      if (password.length < 8) throw badRequest(AUTH_MESSAGES.passwordRule, 'weak_password');
      const tokenHash = hashToken(token);
      // The token is checked before the (deliberately slow) password hash: a wrong token costs nothing.
      if (!(await repo.isResetUsable(tokenHash, new Date())))
        throw badRequest(AUTH_MESSAGES.resetInvalid, 'reset_token_invalid');
      const passwordHash = await hashPassword(password);
      const user = await repo.resetPassword(tokenHash, passwordHash, new Date());
      if (!user) throw badRequest(AUTH_MESSAGES.resetInvalid, 'reset_token_invalid');
      forgetUser(user.userId); // every session of the user ended with the reset
      await recordAccess('password_reset', user.email, client, {
        userId: user.userId,
        companyId: user.companyId,
      });
      return { email: user.email };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function newSupplierCode(): string {
  return `C${randomBytes(4).toString('hex').toUpperCase()}`;
}
