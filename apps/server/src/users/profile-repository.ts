import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of a user's own account (issue 42): profile, password hash, their sessions. */
export function createProfileRepository(db: Db) {
  return {
    async find(userId: string) {
      return db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'users.name',
          'users.email',
          'users.phone',
          'users.grade',
          'users.expire_date',
          'users.pay_date',
          'users.next_payment',
          'users.rocket_reg_slot',
          'users.password_hash',
          'companies.name as company_name',
          sql<boolean>`users.id = (select u.id from users u where u.company_id = users.company_id
            order by u.created_at, u.id limit 1)`.as('owner'),
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    async update(userId: string, change: { name?: string; phone?: string | null }): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...change, version: sql`version + 1` })
        .where('id', '=', userId)
        .execute();
    },

    /** The new password; every other session of the user ends with it, in one transaction. */
    async setPassword(userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', userId)
          .where('id', '<>', keepSessionId)
          .execute();
        await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      });
    },

    /** The user's live sessions, newest first. */
    async sessions(userId: string, now: Date, limit: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const done = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return Number(done.numDeletedRows) > 0;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
