import { type Kysely, sql } from 'kysely';

// Issue 41: a company's landed-cost settings for the margin (exchange rate, freight in China,
// shipping per kg, customs duty, import VAT, default commission, Rocket Growth fee per unit); the
// domain's defaults stand for what is not set.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sales_cost_settings (
      company_id uuid primary key references companies(id) on delete cascade,
      settings jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sales_cost_settings`.execute(db);
}
