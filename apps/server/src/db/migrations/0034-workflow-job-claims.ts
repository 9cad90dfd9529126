import { type Kysely, sql } from 'kysely';

// Issue 21: a product job of a worker process that died (kill -9, out of memory) waited for pg-boss's
// heartbeat check before another process took it over: a run sat still for about a minute. Each
// worker process now holds a PostgreSQL advisory lock for as long as it lives (its key in
// `worker_key`), and writes here which job attempt it is working on. A job whose worker's lock is
// gone is handed back to the queue within seconds (workflow/job-claims.ts).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table workflow_job_claims (
      job_id uuid primary key,
      retry_count integer not null,
      worker_key integer not null,
      claimed_at timestamptz not null default now()
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table workflow_job_claims`.execute(db);
}
