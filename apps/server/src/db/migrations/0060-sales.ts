import { type Kysely, sql } from 'kysely';

// Issue 41: what Coupang answered about a company's sales, kept as received (sales_raw_answers, one
// row per distinct answer) beside the normalised rows, each with a key of its own so a re-sync
// updates a line instead of adding it: order lines (marketplace order sheets and Rocket Growth
// orders), return/cancel requests, settlement (revenue history) lines, Rocket Growth stock per vendor
// item. sales_sync_cursors holds where each stream's sync stands (the window and Coupang's nextToken),
// written with the page it follows, so a sync stopped by a crash or a 429 resumes there.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sales_raw_answers (
      id bigserial primary key,
      company_id uuid not null references companies(id) on delete cascade,
      stream text not null,
      request text not null,
      answer_hash text not null,
      answer jsonb not null,
      received_at timestamptz not null default now(),
      unique (company_id, stream, request, answer_hash)
    )`.execute(db);
  await sql`
    create table sales_order_lines (
      company_id uuid not null references companies(id) on delete cascade,
      line_key text not null,
      channel text not null,
      order_id text not null,
      vendor_item_id text not null,
      seller_product_id text,
      item_name text not null,
      status text not null,
      ordered_at timestamptz not null,
      quantity integer not null,
      unit_price bigint not null,
      amount bigint not null,
      raw_id bigint references sales_raw_answers(id) on delete set null,
      synced_at timestamptz not null default now(),
      primary key (company_id, line_key)
    )`.execute(db);
  await sql`create index sales_order_lines_by_time on sales_order_lines (company_id, ordered_at desc, line_key)`.execute(
    db,
  );
  await sql`create index sales_order_lines_by_item on sales_order_lines (company_id, vendor_item_id, ordered_at)`.execute(
    db,
  );
  await sql`
    create table sales_returns (
      company_id uuid not null references companies(id) on delete cascade,
      return_key text not null,
      receipt_id text not null,
      order_id text not null,
      vendor_item_id text not null,
      seller_product_id text,
      item_name text not null,
      receipt_type text not null,
      status text not null,
      reason_category1 text not null,
      reason_category2 text not null,
      reason text not null,
      quantity integer not null,
      requested_at timestamptz not null,
      raw_id bigint references sales_raw_answers(id) on delete set null,
      primary key (company_id, return_key)
    )`.execute(db);
  await sql`create index sales_returns_by_time on sales_returns (company_id, requested_at desc)`.execute(db);
  await sql`
    create table sales_settlements (
      company_id uuid not null references companies(id) on delete cascade,
      settlement_key text not null,
      order_id text not null,
      vendor_item_id text not null,
      sale_type text not null,
      sale_date date not null,
      recognition_date date not null,
      quantity integer not null,
      sale_amount bigint not null,
      service_fee bigint not null,
      service_fee_vat bigint not null,
      settlement_amount bigint not null,
      raw_id bigint references sales_raw_answers(id) on delete set null,
      primary key (company_id, settlement_key)
    )`.execute(db);
  await sql`create index sales_settlements_by_order on sales_settlements (company_id, order_id, vendor_item_id)`.execute(
    db,
  );
  await sql`
    create table sales_inventory (
      company_id uuid not null references companies(id) on delete cascade,
      vendor_item_id text not null,
      orderable integer not null,
      sold_30d integer not null,
      fetched_at timestamptz not null,
      raw_id bigint references sales_raw_answers(id) on delete set null,
      primary key (company_id, vendor_item_id)
    )`.execute(db);
  await sql`
    create table sales_sync_cursors (
      company_id uuid not null references companies(id) on delete cascade,
      stream text not null,
      cursor jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (company_id, stream)
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'sales_sync_cursors',
    'sales_inventory',
    'sales_settlements',
    'sales_returns',
    'sales_order_lines',
    'sales_raw_answers',
  ])
    await sql`drop table ${sql.table(t)}`.execute(db);
}
