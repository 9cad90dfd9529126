import { type Kysely, sql } from 'kysely';

// Issue 42: notifications a user opts into, by mail and in the app: a run finished (with its errors),
// a Coupang decision (approved or denied, with the reason). The user's choices are `users.notify`
// ({ runFinished: { mail, app }, coupangDecision: { mail, app } }); the app's are rows here.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message_ko', 'text', (c) => c.notNull())
    .addColumn('message_en', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('notify').execute();
}
