import { type Kysely, sql } from 'kysely';

// Issue 21: screen events are numbered per company (1, 2, 3… for each), so the SSE ids a company
// sees are dense and say nothing about other companies' activity. `seq` is the id a screen sees
// (SSE `id:`, Last-Event-ID); `workflow_event_counters` holds each company's last number and is
// kept when old events are pruned, so numbers never repeat.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table workflow_event_counters (
      company_id uuid primary key references companies(id) on delete cascade,
      last_seq bigint not null
    )`.execute(db);
  await sql`alter table workflow_events add column seq bigint`.execute(db);
  await sql`
    update workflow_events e set seq = r.n
    from (select id, row_number() over (partition by company_id order by id) as n from workflow_events) r
    where e.id = r.id`.execute(db);
  await sql`alter table workflow_events alter column seq set not null`.execute(db);
  await sql`
    insert into workflow_event_counters (company_id, last_seq)
    select company_id, max(seq) from workflow_events group by company_id`.execute(db);
  await sql`create unique index workflow_events_company_seq_idx on workflow_events (company_id, seq)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists workflow_events_company_seq_idx`.execute(db);
  await sql`alter table workflow_events drop column if exists seq`.execute(db);
  await sql`drop table if exists workflow_event_counters`.execute(db);
}
