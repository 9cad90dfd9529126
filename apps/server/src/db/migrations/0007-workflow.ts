import { type Kysely, sql } from 'kysely';

/**
 * Workflow runs (a selection of products × tasks), each product's place in its run, and the events
 * the screens receive (kept a day, so a reconnecting tab replays what it missed by Last-Event-ID).
 * The jobs themselves live in pg-boss's own schema (`pgboss`), created by pg-boss at start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table workflow_runs (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      status text not null default 'queued',
      tasks text[] not null,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index workflow_runs_company_created_idx on workflow_runs (company_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table workflow_run_products (
      run_id uuid not null references workflow_runs(id) on delete cascade,
      product_id uuid not null,
      position integer not null,
      state text not null default 'queued',
      current_task text,
      completed_tasks text[] not null default '{}',
      finished_tasks text[] not null default '{}',
      message jsonb,
      updated_at timestamptz not null default now(),
      primary key (run_id, product_id)
    )`.execute(db);
  await sql`create index workflow_run_products_product_idx on workflow_run_products (product_id)`.execute(db);
  await sql`
    create table workflow_events (
      id bigserial primary key,
      company_id uuid not null references companies(id) on delete cascade,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index workflow_events_company_id_idx on workflow_events (company_id, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists workflow_events`.execute(db);
  await sql`drop table if exists workflow_run_products`.execute(db);
  await sql`drop table if exists workflow_runs`.execute(db);
}
