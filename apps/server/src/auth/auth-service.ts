import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DEMO_EMAIL } from '../db/seed-demo.ts';
import { AppError, badRequest, conflict } from '../errors/app-error.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { SIGNUP_FLAGS } from './route-flags.ts';
import { hashToken, newToken } from './tokens.ts';

const SESSION_DAYS = 14;
const RESET_MINUTES = 60;

export type SessionUser = {
  sessionId: string;
  locked: boolean;
  userId: string;
  companyId: string;
  supplierCode: string;
  email: string;
  /** The user's §6 flags and addAccount (route access is checked on the server too). */
  auth: Record<string, boolean>;
  addAccount: boolean;
};

export type ClientInfo = { ip: string | null; userAgent: string | null };

/**
 * `demo`: whether demo mode is on. While it is off the demo account (left in a database that once ran
 * the demo) cannot sign in, and its sessions are not honoured: its password is public.
 */
export function createAuthService(
  db: Db,
  log: { info: (obj: object, msg: string) => void },
  opts: { demo: boolean } = { demo: false },
) {
  const refused = (email: string) => !opts.demo && email.trim().toLowerCase() === DEMO_EMAIL;
  async function recordAccess(
    event: string,
    email: string,
    client: ClientInfo,
    ids: { userId?: string; companyId?: string } = {},
  ) {
    await db
      .insertInto('access_history')
      .values({
        event,
        email: email.toLowerCase(),
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 400) ?? null,
        user_id: ids.userId ?? null,
        company_id: ids.companyId ?? null,
      })
      .execute();
  }

  async function createSession(userId: string, companyId: string): Promise<string> {
    const { token, hash } = newToken();
    await db
      .insertInto('sessions')
      .values({
        id: hash,
        user_id: userId,
        company_id: companyId,
        expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      })
      .execute();
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
      const existing = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
      if (existing) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
      const passwordHash = await hashPassword(input.password);
      const user = await db
        .transaction()
        .execute(async (trx) => {
          const company = await trx
            .insertInto('companies')
            .values({ name: input.companyName.trim(), supplier_code: newSupplierCode() })
            .returning(['id'])
            .executeTakeFirstOrThrow();
          return trx
            .insertInto('users')
            .values({
              company_id: company.id,
              email,
              name: input.name.trim(),
              password_hash: passwordHash,
              auth: JSON.stringify(input.auth ?? SIGNUP_FLAGS),
            })
            .returning(['id', 'company_id'])
            .executeTakeFirstOrThrow();
        })
        .catch((err: unknown) => {
          // Two sign-ups with one email at once: the unique index answers for the loser.
          if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
          throw err;
        });
      await recordAccess('signup', email, client, { userId: user.id, companyId: user.company_id });
      const token = await createSession(user.id, user.company_id);
      return { token, userId: user.id };
    },

    async login(input: { email: string; password: string }, client: ClientInfo) {
      const email = input.email.trim().toLowerCase();
      const user = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'password_hash'])
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
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
      await recordAccess('login', email, client, { userId: user.id, companyId: user.company_id });
      return { token: await createSession(user.id, user.company_id) };
    },

    async logout(token: string) {
      await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    },

    async findSession(token: string): Promise<SessionUser | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'sessions.id as sessionId',
          'sessions.locked',
          'users.id as userId',
          'users.company_id as companyId',
          'companies.supplier_code as supplierCode',
          'users.email',
          'users.auth',
          'users.add_account as addAccount',
        ])
        .where('sessions.id', '=', hashToken(token))
        .where('sessions.expires_at', '>', new Date())
        .executeTakeFirst();
      return row && refused(row.email) ? undefined : row;
    },

    async setLocked(sessionId: string, locked: boolean) {
      await db.updateTable('sessions').set({ locked }).where('id', '=', sessionId).execute();
    },

    async checkPassword(userId: string, password: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? verifyPassword(row.password_hash, password) : false;
    },

    /** The spec's User entity (§3), as the web app reads it from /api/loginstatus. */
    async userInfo(userId: string) {
      const u = await db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .selectAll('users')
        .select(['companies.supplier_code', 'companies.name as company_name'])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      const history = await db
        .selectFrom('access_history')
        .select(['event', 'ip', 'at'])
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .limit(10)
        .execute();
      return {
        _id: u.id,
        regdate: u.created_at,
        name: u.name,
        companyid: u.company_id,
        companyName: u.company_name,
        email: u.email,
        phone: u.phone,
        suppliercode: u.supplier_code,
        accesshistory: history,
        auth: u.auth,
        grade: u.grade,
        expireDate: u.expire_date,
        paydate: u.pay_date,
        nextpayment: u.next_payment,
        addAccount: u.add_account,
        version: u.version,
        rocketRegSlot: u.rocket_reg_slot,
        image: u.image,
      };
    },

    /** Writes the reset link to the outbox and the server log (there is no mail server). */
    async requestPasswordReset(emailInput: string, baseUrl: string, client: ClientInfo) {
      const email = emailInput.trim().toLowerCase();
      const user = await db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
      await recordAccess(
        'password_reset_requested',
        email,
        client,
        user ? { userId: user.id, companyId: user.company_id } : {},
      );
      if (!user) return;
      const { token, hash } = newToken();
      await db
        .insertInto('password_resets')
        .values({
          token_hash: hash,
          user_id: user.id,
          expires_at: new Date(Date.now() + RESET_MINUTES * 60_000),
        })
        .execute();
      const link = `${baseUrl}/auth/reset-password/${token}`;
      await db
        .insertInto('outbox')
        .values({
          company_id: user.company_id,
          to_email: email,
          subject: '[로켓등록] 비밀번호 재설정',
          body: `아래 링크에서 ${RESET_MINUTES}분 안에 비밀번호를 재설정하세요.\n${link}`,
        })
        .execute();
      // The token is a password for this account for an hour: it goes to the outbox only, never the log.
      log.info({ to: email }, 'password reset link written to the outbox');
    },

    async resetPassword(token: string, password: string, client: ClientInfo) {
      if (password.length < 8) throw badRequest(AUTH_MESSAGES.passwordRule, 'weak_password');
      const tokenHash = hashToken(token);
      // The token is checked before the (deliberately slow) password hash: a wrong token costs nothing.
      const valid = await db
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (!valid) throw badRequest(AUTH_MESSAGES.resetInvalid, 'reset_token_invalid');
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return undefined;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', used.user_id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
        // Every other reset link of this user dies with the one that was used.
        await trx
          .deleteFrom('password_resets')
          .where('user_id', '=', used.user_id)
          .where('token_hash', '<>', tokenHash)
          .execute();
        return used.user_id;
      });
      if (!userId) throw badRequest(AUTH_MESSAGES.resetInvalid, 'reset_token_invalid');
      const u = await db
        .selectFrom('users')
        .select(['email', 'company_id'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await recordAccess('password_reset', u.email, client, { userId, companyId: u.company_id });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

function newSupplierCode(): string {
  return `C${randomBytes(4).toString('hex').toUpperCase()}`;
}
