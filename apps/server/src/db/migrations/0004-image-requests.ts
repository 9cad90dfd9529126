import { type Kysely, sql } from 'kysely';

/** Stored image translation results by request id, scoped to a company (getImageTranslateBatchQuery, getImageOCR). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pre_request_id', 'text')
    .addColumn('source_url', 'text')
    .addColumn('source_language', 'text', (c) => c.notNull().defaultTo('CHN'))
    .addColumn('target_language', 'text', (c) => c.notNull().defaultTo('KOR'))
    .addColumn('url', 'text')
    .addColumn('rm_url', 'text')
    .addColumn('translate_url', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('ocr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('translation', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('image_requests_company_created_idx')
    .on('image_requests')
    .columns(['company_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_requests').ifExists().execute();
}
