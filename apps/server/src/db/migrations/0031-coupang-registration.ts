import { type Kysely, sql } from 'kysely';

// Issue 23: the opt-in `register` task's status column (generated from the document like the other
// tasks' status columns of 0002-products), and the company's cache of what it fetched from Coupang
// with its own keys (the display-category tree; category metadata lands in company_category_schemas).

/** Its own copy of the status field it adds (a migration never changes). */
export const STATUS_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['register_status', 'registerStatus'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, field] of STATUS_COLUMNS)
    await sql
      .raw(`alter table products add column ${column} text generated always as (doc ->> '${field}') stored`)
      .execute(db);
  await sql`alter table category_lists add column source text not null default 'shipped'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table category_lists drop column if exists source`.execute(db);
  for (const [column] of STATUS_COLUMNS)
    await sql.raw(`alter table products drop column if exists ${column}`).execute(db);
}
