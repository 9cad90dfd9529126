import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('product_id', 'text')
    .addColumn('work_type', 'text', (c) => c.notNull())
    .addColumn('task', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('limiter_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema
    .createIndex('ai_requests_company_created_idx')
    .on('ai_requests')
    .columns(['company_id', 'created_at'])
    .execute();
  await sql`create index ai_requests_open_idx on ai_requests (updated_at) where status in ('pending', 'processing')`.execute(
    db,
  );

  await db.schema
    .createTable('ai_rate_slots')
    // Transient reservations (minutes): no WAL, so reserving a slot costs no disk flush.
    .modifyFront(sql`unlogged`)
    .addColumn('limiter_key', 'text', (c) => c.notNull())
    .addColumn('slot_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create index ai_rate_slots_key_idx on ai_rate_slots (limiter_key, slot_at desc)`.execute(db);
  // One round trip per reservation: the per-key lock, the sliding-window rule (the domain's
  // nextRequestTime, same arithmetic) and the insert run inside the database. Statements of a volatile
  // function take fresh snapshots, so a waiter sees the slot its predecessor just reserved.
  await sql`
    create function ai_reserve_slot(p_key text, p_now bigint, p_limit int, p_window bigint,
                                    p_spacing bigint, p_extra bigint) returns bigint
    language plpgsql volatile as $$
    declare
      v_latest bigint;
      v_oldest bigint;
      v_slot bigint := p_now;
    begin
      -- A reservation lost in a database crash only costs evenness, not correctness of the log.
      perform set_config('synchronous_commit', 'off', true);
      perform pg_advisory_xact_lock(hashtextextended('ai-rate:' || p_key, 0));
      select max(slot_at) into v_latest from ai_rate_slots where limiter_key = p_key;
      if v_latest is not null then v_slot := greatest(v_slot, v_latest + p_spacing); end if;
      select slot_at into v_oldest from ai_rate_slots where limiter_key = p_key
        order by slot_at desc offset p_limit - 1 limit 1;
      if v_oldest is not null and v_slot < v_oldest + p_window then
        v_slot := v_oldest + p_window + p_extra;
      end if;
      insert into ai_rate_slots (limiter_key, slot_at) values (p_key, v_slot);
      delete from ai_rate_slots where limiter_key = p_key and slot_at < p_now - 600000;
      return v_slot;
    end $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ai_reserve_slot(text, bigint, int, bigint, bigint, bigint)`.execute(db);
  await db.schema.dropTable('ai_rate_slots').ifExists().execute();
  await db.schema.dropTable('ai_requests').ifExists().execute();
}
