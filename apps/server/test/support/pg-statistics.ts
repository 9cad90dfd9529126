import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Makes this session's statistics visible in the pg_stat views before they are read. `db` must be a
 * one-connection pool: the flush is of the session that asks, and happens when it goes idle after a
 * statement (PostgreSQL 15+).
 */
export async function flushStatistics(db: Db): Promise<void> {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
}

/** A company row and its id, for tests that write products with SQL. */
export async function insertCompany(db: Db, name: string, supplierCode: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into companies (name, supplier_code) values (${name}, ${supplierCode}) returning id`.execute(db);
  return rows[0]!.id;
}

/** A product row holding `doc` as it is (no rules), and its id. */
export async function insertProductDoc(
  db: Db,
  companyId: string,
  registrationId: string,
  doc: unknown,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into products (company_id, registration_id, doc)
    values (${companyId}, ${registrationId}, ${JSON.stringify(doc)}::jsonb) returning id`.execute(db);
  return rows[0]!.id;
}
