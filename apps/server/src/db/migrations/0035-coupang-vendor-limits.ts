import { type Kysely, sql } from 'kysely';

// Issue 37: Coupang allows about 10 calls a second per vendor id, then answers 429 and blocks the
// vendor for minutes. One row per vendor id, shared by every server and worker process: the next
// free send slot (calls are spaced, at most COUPANG_CALLS_PER_SECOND) and, after a 429, until when
// the vendor's calls are held back.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table coupang_vendor_limits (
      vendor_id text primary key,
      next_at timestamptz not null,
      blocked_until timestamptz,
      calls bigint not null default 0
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table coupang_vendor_limits`.execute(db);
}
