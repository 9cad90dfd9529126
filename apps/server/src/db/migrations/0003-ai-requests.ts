import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('product_id', 'text')
    .addColumn('work_type', 'text', (c) => c.notNull())
    .addColumn('task', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('limiter_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema
    .createIndex('ai_requests_company_created_idx')
    .on('ai_requests')
    .columns(['company_id', 'created_at'])
    .execute();
  await sql`create index ai_requests_open_idx on ai_requests (updated_at) where status in ('pending', 'processing')`.execute(
    db,
  );

  await db.schema
    .createTable('ai_rate_slots')
    .addColumn('limiter_key', 'text', (c) => c.notNull())
    .addColumn('slot_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create index ai_rate_slots_key_idx on ai_rate_slots (limiter_key, slot_at desc)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_rate_slots').ifExists().execute();
  await db.schema.dropTable('ai_requests').ifExists().execute();
}
