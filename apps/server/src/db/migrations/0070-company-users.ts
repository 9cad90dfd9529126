import { type Kysely, sql } from 'kysely';

// Issue 42: a team with roles. A company's owner (its first user) invites staff by e-mail; an
// invitation carries the flags the staff member gets and is used up by their sign-up. A user can be
// deactivated (their sessions end, their tokens stop) and reactivated. The screens §6 left open now
// have flags (showSettings, manageUsers, …): every company's owner gets the two new ones, so nobody
// loses a screen they had.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('user_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('auth', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_invitations_company_idx')
    .on('user_invitations')
    .columns(['company_id', 'created_at'])
    .execute();
  await sql`update users set auth = auth || '{"showSettings": true, "manageUsers": true}'::jsonb
    where id in (select distinct on (company_id) id from users order by company_id, created_at, id)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_invitations').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('active').execute();
}
