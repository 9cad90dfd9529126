import { type Kysely, sql } from 'kysely';

// Issue 41: a sales link follows its option wherever the option goes (a split moves options to a new
// product and renumbers them): the option's stable identity, its 1688 offer and source key (the
// Chinese axis values, never changed by edits or splits), is kept beside the product and option
// number, and so are the offer's quantity tiers (yuan) for the reorder list's prices (moq exists).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sales_item_links
      add column offer_id text,
      add column source_key text,
      add column price_tiers jsonb`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sales_item_links
      drop column offer_id,
      drop column source_key,
      drop column price_tiers`.execute(db);
}
