import type { ImportResult } from '@rr/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// SQL of the 1688 import: one import per offer at a time, the product it re-imports into, and the
// company's import history.

/** A product read for a re-import: its stored document as it is (nothing parsed, nothing set aside). */
export type ReimportRow = { id: string; registration_id: string; doc: Record<string, unknown> };

/**
 * Runs `work` in one transaction that holds the company's lock on this 1688 offer: two tabs
 * importing the same offer at once make one product (the second sees the first's).
 */
export async function inOfferTransaction<T>(
  db: Db,
  companyId: string,
  offerId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${companyId}:1688:${offerId}`}))`.execute(trx);
    return work(trx);
  });
}

/** The company's product, locked until the transaction ends, with its stored document. */
export async function lockProductForReimport(
  trx: Db,
  companyId: string,
  productId: string,
): Promise<ReimportRow> {
  return (await trx
    .selectFrom('products')
    .select(['id', 'registration_id', 'doc'])
    .where('id', '=', productId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow()) as ReimportRow;
}

/** Writes the re-imported document (a whole document: the merge started from the stored one). */
export async function writeReimportedDoc(
  trx: Db,
  companyId: string,
  productId: string,
  doc: Readonly<Record<string, unknown>>,
  completeness: number | null,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ doc: JSON.stringify(doc), completeness, updated_at: sql`now()` })
    .where('id', '=', productId)
    .where('company_id', '=', companyId)
    .execute();
}

/** One statement for every result of a request (migration 0014 keeps the company's newest rows). */
export async function insertImportHistory(
  db: Db,
  companyId: string,
  results: readonly ImportResult[],
): Promise<void> {
  if (results.length === 0) return;
  await db
    .insertInto('import_history')
    .values(
      results.map((r) => ({
        company_id: companyId,
        offer_id: r.offerId,
        outcome: r.outcome,
        product_id: r.productId,
        read_options: r.readOptions,
        kept_options: r.keptOptions,
        message: r.message,
        diff: r.diff ? JSON.stringify(r.diff) : null,
      })),
    )
    .execute();
}

/** The company's latest import results, newest first. */
export async function findImportHistory(db: Db, companyId: string, limit: number) {
  return db
    .selectFrom('import_history')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
