import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// SQL of the approval sync: the products whose review on Coupang is still open.

export async function findProductsUnderReview(
  db: Db,
  limit: number,
): Promise<{ companyId: string; productId: string }[]> {
  const { rows } = await sql<{ company_id: string; id: string }>`
    select company_id, id from products
    where doc -> 'coupangRegistration' ->> 'status' in ('requested', 'in_review')
      and doc -> 'coupangRegistration' ->> 'sellerProductId' is not null
    order by coalesce(doc -> 'coupangRegistration' ->> 'checkedAt', '') asc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ companyId: r.company_id, productId: r.id }));
}

/** The approval sync's reads, built once by the container (`createCoupangRepository(db)`). */
export type CoupangRepository = {
  /** The products whose review on Coupang is still open, the longest unchecked first. */
  findProductsUnderReview(limit: number): Promise<{ companyId: string; productId: string }[]>;
};

export function createCoupangRepository(db: Db): CoupangRepository {
  return { findProductsUnderReview: (limit) => findProductsUnderReview(db, limit) };
}
