import { type Kysely, sql } from 'kysely';

// Issue 42: keywords from Coupang. The extension sends what Coupang's search showed for a seed keyword
// (its related keywords and autocomplete suggestions); they are kept per company, per product when the
// collection named one, and per seed (a new collection of the same seed replaces the old one). Tokens
// made from now on may also send keywords (scope `keywords`); older tokens keep `capture` only.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collected_keywords')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('related', 'autocomplete')`))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint')
    .addColumn('collected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index collected_keywords_product_idx on collected_keywords (company_id, product_id, seed)`.execute(
    db,
  );
  await db.schema
    .alterTable('access_tokens')
    .alterColumn('scope', (c) => c.setDefault('capture keywords'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('access_tokens')
    .alterColumn('scope', (c) => c.setDefault('capture'))
    .execute();
  await db.schema.dropTable('collected_keywords').execute();
}
