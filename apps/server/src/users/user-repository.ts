import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A user of a company as the users screen and the user service read them. */
export type CompanyUserRow = {
  id: string;
  email: string;
  name: string;
  auth: Record<string, boolean>;
  active: boolean;
  owner: boolean;
  createdAt: Date;
};

export type InvitationRow = {
  id: string;
  email: string;
  name: string;
  auth: Record<string, boolean>;
  createdAt: Date;
  expiresAt: Date;
};

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * SQL of a company's users (issue 42): the list, flags and activity, invitations and the sign-up
 * through one. The company's owner is its first user (by created_at, then id): nobody can change them.
 * Every read and write is scoped to the company asked for.
 */
export function createUserRepository(db: Db) {
  const ownerId = (companyId: string) =>
    db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1);

  const userColumns = (companyId: string) =>
    db
      .selectFrom('users')
      .select([
        'users.id',
        'users.email',
        'users.name',
        'users.auth',
        'users.active',
        'users.created_at as createdAt',
        sql<boolean>`users.id = (${ownerId(companyId)})`.as('owner'),
      ])
      .where('users.company_id', '=', companyId);

  return {
    async listUsers(companyId: string, limit: number): Promise<CompanyUserRow[]> {
      return userColumns(companyId).orderBy('users.created_at').orderBy('users.id').limit(limit).execute();
    },

    async findUser(companyId: string, userId: string): Promise<CompanyUserRow | undefined> {
      return userColumns(companyId).where('users.id', '=', userId).executeTakeFirst();
    },

    /**
     * New flags and/or activity for a user of the company, in one transaction; a deactivated user's
     * sessions are deleted with it. Answers the user as changed, or undefined when there is none.
     */
    async updateUser(
      companyId: string,
      userId: string,
      change: { auth?: Record<string, boolean>; active?: boolean },
    ): Promise<CompanyUserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({
            ...(change.auth !== undefined ? { auth: JSON.stringify(change.auth) } : {}),
            ...(change.active !== undefined ? { active: change.active } : {}),
            version: sql`version + 1`,
          })
          .where('company_id', '=', companyId)
          .where('id', '=', userId)
          .returning('id')
          .executeTakeFirst();
        if (!updated) return undefined;
        if (change.active === false) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        return trx
          .selectFrom('users')
          .select([
            'users.id',
            'users.email',
            'users.name',
            'users.auth',
            'users.active',
            'users.created_at as createdAt',
            sql<boolean>`users.id = (${ownerId(companyId)})`.as('owner'),
          ])
          .where('users.id', '=', userId)
          .executeTakeFirstOrThrow();
      });
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The company's invitations not used and not expired, newest first. */
    async openInvitations(companyId: string, now: Date, limit: number): Promise<InvitationRow[]> {
      return db
        .selectFrom('user_invitations')
        .select(['id', 'email', 'name', 'auth', 'created_at as createdAt', 'expires_at as expiresAt'])
        .where('company_id', '=', companyId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * A new invitation, unless the company already has `max` open ones (counted in the same
     * statement's transaction under a lock of the company's row, so two at once cannot both pass).
     * Earlier open invitations of the same address are used up: only the newest link works.
     */
    async insertInvitation(
      row: {
        companyId: string;
        email: string;
        name: string;
        auth: Record<string, boolean>;
        tokenHash: string;
        invitedBy: string;
        expiresAt: Date;
      },
      now: Date,
      max: number,
    ): Promise<InvitationRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('companies').select('id').where('id', '=', row.companyId).forUpdate().execute();
        await trx
          .updateTable('user_invitations')
          .set({ used_at: now })
          .where('company_id', '=', row.companyId)
          .where(sql`lower(email)`, '=', row.email.toLowerCase())
          .where('used_at', 'is', null)
          .execute();
        const open = await trx
          .selectFrom('user_invitations')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('company_id', '=', row.companyId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow();
        if (open.n >= max) return undefined;
        return trx
          .insertInto('user_invitations')
          .values({
            company_id: row.companyId,
            email: row.email,
            name: row.name,
            auth: JSON.stringify(row.auth),
            token_hash: row.tokenHash,
            invited_by: row.invitedBy,
            expires_at: row.expiresAt,
          })
          .returning(['id', 'email', 'name', 'auth', 'created_at as createdAt', 'expires_at as expiresAt'])
          .executeTakeFirstOrThrow();
      });
    },

    /** The open invitation with this token, with its company's name. */
    async findInvitation(tokenHash: string, now: Date) {
      return db
        .selectFrom('user_invitations')
        .innerJoin('companies', 'companies.id', 'user_invitations.company_id')
        .select([
          'user_invitations.email',
          'user_invitations.name',
          'user_invitations.expires_at as expiresAt',
          'companies.name as companyName',
        ])
        .where('user_invitations.token_hash', '=', tokenHash)
        .where('user_invitations.used_at', 'is', null)
        .where('user_invitations.expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Uses up the invitation and creates its user in the company with its flags, in one transaction.
     * Answers the new user, 'invalid' when the invitation is no longer open, 'email_taken' when the
     * address has an account meanwhile.
     */
    async acceptInvitation(
      tokenHash: string,
      user: { name: string; passwordHash: string },
      now: Date,
    ): Promise<{ userId: string; companyId: string; email: string } | 'invalid' | 'email_taken'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const invitation = await trx
            .updateTable('user_invitations')
            .set({ used_at: now })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .returning(['company_id', 'email', 'auth'])
            .executeTakeFirst();
          if (!invitation) return 'invalid' as const;
          const created = await trx
            .insertInto('users')
            .values({
              company_id: invitation.company_id,
              email: invitation.email,
              name: user.name,
              password_hash: user.passwordHash,
              auth: JSON.stringify(invitation.auth),
              email_confirmed: true,
            })
            .returning(['id', 'company_id', 'email'])
            .executeTakeFirstOrThrow();
          return { userId: created.id, companyId: created.company_id, email: created.email };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'email_taken';
        throw err;
      }
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
