import { type Kysely, sql } from 'kysely';

// Issue 41: what Coupang's fee tables need of a linked vendor item, kept beside its 1688 cost: the
// product's display category path (its commission rate) and one unit's box, sides in mm as
// "L*W*H" and weight in g (its Rocket Growth size tier). Written by the link pass; null when unknown.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sales_item_links
      add column category_path text,
      add column box_dimension_mm text,
      add column box_weight_g numeric`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sales_item_links
      drop column category_path,
      drop column box_dimension_mm,
      drop column box_weight_g`.execute(db);
}
