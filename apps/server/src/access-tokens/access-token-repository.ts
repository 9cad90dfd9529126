import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type AccessTokenRow = {
  id: string;
  name: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** The user a token acts for, with the same facts a session carries. */
export type TokenOwner = {
  tokenId: string;
  scope: string;
  userId: string;
  companyId: string;
  supplierCode: string;
  email: string;
  auth: Record<string, boolean>;
  addAccount: boolean;
};

/** SQL of the access tokens. Every statement is scoped by the owning user. */
export function createAccessTokenRepository(db: Db) {
  return {
    async insert(row: { companyId: string; userId: string; name: string; tokenHash: string }) {
      return db
        .insertInto('access_tokens')
        .values({ company_id: row.companyId, user_id: row.userId, name: row.name, token_hash: row.tokenHash })
        .returning(['id', 'name', 'scope', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Inserts the token unless the user already has `max`: the user's row is locked for the count
     * and the insert, so creations at once take turns and never pass the limit (issue 39: 30 at
     * once left 25 of 20). Answers undefined when the user is at the limit.
     */
    async insertUnderLimit(
      row: { companyId: string; userId: string; name: string; tokenHash: string },
      max: number,
    ) {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('access_tokens')
          .select(trx.fn.countAll<string>().as('n'))
          .where('user_id', '=', row.userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return undefined;
        return trx
          .insertInto('access_tokens')
          .values({
            company_id: row.companyId,
            user_id: row.userId,
            name: row.name,
            token_hash: row.tokenHash,
          })
          .returning(['id', 'name', 'scope', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
          .executeTakeFirstOrThrow();
      });
    },

    async countOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom('access_tokens')
        .select(db.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listOf(userId: string): Promise<AccessTokenRow[]> {
      return db
        .selectFrom('access_tokens')
        .select(['id', 'name', 'scope', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Deletes the user's token; answers whether there was one. */
    async delete(userId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('access_tokens')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async findOwner(tokenHash: string): Promise<TokenOwner | undefined> {
      const row = await db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'access_tokens.id as tokenId',
          'access_tokens.scope',
          'users.id as userId',
          'users.company_id as companyId',
          'companies.supplier_code as supplierCode',
          'users.email',
          'users.auth',
          'users.add_account as addAccount',
        ])
        .where('access_tokens.token_hash', '=', tokenHash)
        // A token made for one company never acts in another (a user moved between companies).
        .whereRef('access_tokens.company_id', '=', 'users.company_id')
        // Issue 42: a deactivated user's tokens stop at once (and work again when reactivated).
        .where('users.active', '=', true)
        .executeTakeFirst();
      return row;
    },

    /** Records a use, at most once a minute per token (a burst of captures writes once). */
    async touch(tokenId: string): Promise<void> {
      await db
        .updateTable('access_tokens')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', tokenId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
          ]),
        )
        .execute();
    },
  };
}

export type AccessTokenRepository = ReturnType<typeof createAccessTokenRepository>;
