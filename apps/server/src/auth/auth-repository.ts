import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A session as a request sees it: the user, their company and the §6 flags. */
export type SessionRow = {
  sessionId: string;
  locked: boolean;
  userId: string;
  companyId: string;
  supplierCode: string;
  email: string;
  auth: Record<string, boolean>;
  addAccount: boolean;
};

export type AccessEvent = {
  event: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
  userId?: string | undefined;
  companyId?: string | undefined;
};

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * SQL of accounts: companies with their first user, users, sessions, the access history, password
 * resets and the outbox. Emails are compared lower-cased; the services decide, this only reads and
 * writes.
 */
export function createAuthRepository(db: Db) {
  return {
    /** The account of this e-mail; `active` false: deactivated by its company (issue 42). */
    async findUserByEmail(
      email: string,
    ): Promise<{ id: string; company_id: string; password_hash: string; active?: boolean } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'company_id', 'password_hash', 'active'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * A new company and its first user, in one transaction. Answers undefined when the email is taken
     * meanwhile (the unique index decides between two sign-ups at once).
     */
    async insertCompanyWithUser(input: {
      companyName: string;
      supplierCode: string;
      email: string;
      name: string;
      passwordHash: string;
      auth: Record<string, boolean>;
    }): Promise<{ id: string; company_id: string } | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const company = await trx
            .insertInto('companies')
            .values({ name: input.companyName, supplier_code: input.supplierCode })
            .returning(['id'])
            .executeTakeFirstOrThrow();
          return trx
            .insertInto('users')
            .values({
              company_id: company.id,
              email: input.email,
              name: input.name,
              password_hash: input.passwordHash,
              auth: JSON.stringify(input.auth),
            })
            .returning(['id', 'company_id'])
            .executeTakeFirstOrThrow();
        });
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    async recordAccess(entry: AccessEvent): Promise<void> {
      await db
        .insertInto('access_history')
        .values({
          event: entry.event,
          email: entry.email.toLowerCase(),
          ip: entry.ip,
          user_agent: entry.userAgent?.slice(0, 400) ?? null,
          user_id: entry.userId ?? null,
          company_id: entry.companyId ?? null,
        })
        .execute();
    },

    async insertSession(row: { id: string; userId: string; companyId: string; expiresAt: Date }) {
      await db
        .insertInto('sessions')
        .values({ id: row.id, user_id: row.userId, company_id: row.companyId, expires_at: row.expiresAt })
        .execute();
    },

    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** The live session with this id (not expired, its user active: issue 42), with its user and company. */
    async findSession(id: string, now: Date): Promise<SessionRow | undefined> {
      return db
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
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', now)
        .where('users.active', '=', true)
        .executeTakeFirst();
    },

    async setSessionLocked(id: string, locked: boolean): Promise<void> {
      await db.updateTable('sessions').set({ locked }).where('id', '=', id).execute();
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /** The user with their company's name and supplier code (throws when there is no such user). */
    async findUserWithCompany(userId: string) {
      return db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .selectAll('users')
        .select(['companies.supplier_code', 'companies.name as company_name'])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    /** Whether `email` signed in or up from `ip` since `since` (its owner's usual address; issue 39). */
    async signedInFrom(email: string, ip: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('access_history')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .where('ip', '=', ip)
        .where('event', 'in', ['login', 'signup'])
        .where('at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's latest access events, newest first. */
    async accessHistory(userId: string, limit: number) {
      return db
        .selectFrom('access_history')
        .select(['event', 'ip', 'at'])
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
    },

    async insertPasswordReset(row: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({ token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt })
        .execute();
    },

    async insertOutboxMail(mail: {
      companyId: string;
      to: string;
      subject: string;
      body: string;
    }): Promise<void> {
      await db
        .insertInto('outbox')
        .values({ company_id: mail.companyId, to_email: mail.to, subject: mail.subject, body: mail.body })
        .execute();
    },

    /** Whether this reset token is unused and not expired (read only: the reset itself uses it up). */
    async isResetUsable(tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses up the reset token and sets the new password in one transaction: every session of the user
     * ends, and so does every other reset link. Answers the user, or undefined when the token was no
     * longer usable (used meanwhile or expired).
     */
    async resetPassword(
      tokenHash: string,
      passwordHash: string,
      now: Date,
    ): Promise<{ userId: string; email: string; companyId: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return undefined;
        const user = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', used.user_id)
          .returning(['email', 'company_id'])
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
        await trx
          .deleteFrom('password_resets')
          .where('user_id', '=', used.user_id)
          .where('token_hash', '<>', tokenHash)
          .execute();
        return { userId: used.user_id, email: user.email, companyId: user.company_id };
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
