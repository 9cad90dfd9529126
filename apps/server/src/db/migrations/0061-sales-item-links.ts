import { type Kysely, sql } from 'kysely';

// Issue 41: a Coupang vendor item linked to our product and option, with what its cost needs: the
// 1688 option's price in yuan, its weight, the offer's MOQ and the category's commission rate when
// known. Written by the sales service's link pass (from the products' registration data).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sales_item_links (
      company_id uuid not null references companies(id) on delete cascade,
      vendor_item_id text not null,
      product_id text not null,
      option_number text,
      unit_yuan numeric,
      unit_weight_kg numeric,
      moq integer,
      commission_percent numeric,
      linked_at timestamptz not null default now(),
      primary key (company_id, vendor_item_id)
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sales_item_links`.execute(db);
}
