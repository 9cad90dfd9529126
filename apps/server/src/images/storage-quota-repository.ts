import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The company's stored bytes (`company_storage`), counted by storage-quota.ts around every put.
 * Built once by the container.
 */
export function createStorageQuotaRepository(db: Db) {
  return {
    /** The bytes a company has stored so far (as counted by `withStorageQuota`). */
    async storageUsed(companyId: string): Promise<number> {
      const row = await db
        .selectFrom('company_storage')
        .select('bytes')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /**
     * Adds the bytes in one statement that refuses to pass the quota: 'counted', 'over quota', or
     * 'not a company' for an owner that is not one (tools, tests): nothing to count.
     */
    async reserveStorage(
      companyId: string,
      bytes: number,
      quotaBytes: number,
    ): Promise<'counted' | 'over quota' | 'not a company'> {
      try {
        const row = await sql<{ bytes: string }>`
      insert into company_storage (company_id, bytes) values (${companyId}::uuid, ${bytes})
      on conflict (company_id) do update set bytes = company_storage.bytes + excluded.bytes
        where company_storage.bytes + excluded.bytes <= ${quotaBytes}
      returning bytes`.execute(db);
        return row.rows.length === 0 ? 'over quota' : 'counted';
      } catch (e) {
        // 22P02: not a uuid; 23503: no such company.
        const code = (e as { code?: string }).code;
        if (code === '22P02' || code === '23503') return 'not a company';
        throw e;
      }
    },

    /** Gives back the bytes of a write that failed. */
    async releaseStorage(companyId: string, bytes: number): Promise<void> {
      await sql`update company_storage set bytes = greatest(0, bytes - ${bytes})
    where company_id = ${companyId}::uuid`.execute(db);
    },
  };
}
export type StorageQuotaRepository = ReturnType<typeof createStorageQuotaRepository>;
