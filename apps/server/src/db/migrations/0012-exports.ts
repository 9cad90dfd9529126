import { type Kysely, sql } from 'kysely';

// Issue 15: a company's own category schemas (from Coupang's category-metadata answers it pasted),
// and its export settings (the banned and brand words it added, its Coupang seller details).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_category_schemas')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('display_category_code', 'integer', (c) => c.notNull())
    .addColumn('category_path', 'text', (c) => c.notNull())
    .addColumn('schema', 'jsonb', (c) => c.notNull())
    .addColumn('json_schema', 'jsonb', (c) => c.notNull())
    .addColumn('meta', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('company_category_schemas_pkey', ['company_id', 'display_category_code'])
    .execute();

  await db.schema
    .createTable('export_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('banned_words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('brand_words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('seller', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_settings').ifExists().execute();
  await db.schema.dropTable('company_category_schemas').ifExists().execute();
}
