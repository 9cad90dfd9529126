import { type Kysely, sql } from 'kysely';

// Issue 42: the subscription's registration slot count (the spec's `rocketRegSlot`) is enforced when
// a product is created on Coupang. A slot is held per product from the moment its create is about to
// be sent (so two parallel sends cannot both take the last one) and given back when Coupang refuses
// the create; a product sent again (an update) keeps its slot. Nothing set the count before, so every
// account held 0: accounts get the plan's default of 100 (docs/decisions.md), the demo keeps its own.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registration_slot_uses')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) => c.notNull())
    .addColumn('held_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('registration_slot_uses_pk', ['company_id', 'product_id'])
    .execute();
  await db.schema
    .alterTable('users')
    .alterColumn('rocket_reg_slot', (c) => c.setDefault(100))
    .execute();
  await sql`update users set rocket_reg_slot = 100 where rocket_reg_slot = 0`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registration_slot_uses').ifExists().execute();
  await db.schema
    .alterTable('users')
    .alterColumn('rocket_reg_slot', (c) => c.setDefault(0))
    .execute();
}
