import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import type { FileStorage } from './storage.ts';

/**
 * Storage quota per company: every `put` (uploads, translated images, generated images, exports)
 * first reserves its bytes in `company_storage` in one statement that refuses to pass the quota, so
 * concurrent writers of one company cannot overshoot it together; a failed write gives its bytes
 * back. Over the quota: 413 `storage_quota_exceeded` with a Korean message, nothing stored.
 */
export const quotaExceededMessage = (quotaBytes: number) => {
  const gb = quotaBytes / 1024 ** 3;
  const size = gb >= 1 ? `${Number(gb.toFixed(1))}GB` : `${Math.round(quotaBytes / 1024 ** 2)}MB`;
  return {
    ko: `회사 저장 공간 한도(${size})를 넘어 파일을 저장할 수 없습니다. 관리자에게 문의하세요.`,
    en: `Your company's storage quota (${size}) is used up; the file was not stored. Contact the operator.`,
  };
};

export function withStorageQuota<S extends FileStorage>(storage: S, db: Db, quotaBytes: number): S {
  const guarded = Object.create(storage) as S;
  guarded.put = async (companyId, fileName, data, contentType) => {
    const bytes = data.byteLength;
    const accounted = await reserve(db, companyId, bytes, quotaBytes);
    try {
      return await storage.put(companyId, fileName, data, contentType);
    } catch (e) {
      if (accounted) await release(db, companyId, bytes).catch(() => {});
      throw e;
    }
  };
  return guarded;
}

/** The bytes a company has stored so far (as counted by `withStorageQuota`). */
export async function storageUsed(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_storage')
    .select('bytes')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** True when counted; false for an owner that is not a company (tools, tests): nothing to count. */
async function reserve(db: Db, companyId: string, bytes: number, quotaBytes: number): Promise<boolean> {
  const refuse = () => new AppError('storage_quota_exceeded', 'too_large', quotaExceededMessage(quotaBytes));
  if (bytes > quotaBytes) throw refuse();
  try {
    const row = await sql<{ bytes: string }>`
      insert into company_storage (company_id, bytes) values (${companyId}::uuid, ${bytes})
      on conflict (company_id) do update set bytes = company_storage.bytes + excluded.bytes
        where company_storage.bytes + excluded.bytes <= ${quotaBytes}
      returning bytes`.execute(db);
    if (row.rows.length === 0) throw refuse();
    return true;
  } catch (e) {
    // 22P02: not a uuid; 23503: no such company.
    const code = (e as { code?: string }).code;
    if (code === '22P02' || code === '23503') return false;
    throw e;
  }
}

async function release(db: Db, companyId: string, bytes: number): Promise<void> {
  await sql`update company_storage set bytes = greatest(0, bytes - ${bytes})
    where company_id = ${companyId}::uuid`.execute(db);
}
