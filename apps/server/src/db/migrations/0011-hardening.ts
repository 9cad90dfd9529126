import { type Kysely, sql } from 'kysely';

// Hardening (issue 14): bounded dotted-path writes, a digest naming each product's category schema,
// a size cap on product documents, rate-limit counters shared by every process, stored bytes per
// company, and indexes for the scheduled clean-up.

/** The largest product document (pg_column_size, before compression): 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  // Replaces 0002's function. An array index may be at most the array's length + 1 (the array grows
  // by at most two slots, the gap padded with null in one step); anything further out is refused
  // with SQLSTATE RR001, where 0002 padded with nulls one element at a time (quadratic).
  await sql`
    create or replace function rr_jsonb_set_path(target jsonb, path text[], value jsonb)
    returns jsonb language plpgsql immutable parallel safe as $fn$
    declare
      head text;
      container jsonb := target;
      idx int;
      len int;
    begin
      if coalesce(array_length(path, 1), 0) = 0 then
        return value;
      end if;
      head := path[1];
      if head ~ '^[0-9]+$' then
        if container is null or jsonb_typeof(container) <> 'array' then
          container := '[]'::jsonb;
        end if;
        len := jsonb_array_length(container);
        if length(head) > 9 or head::int > len + 1 then
          raise exception 'array index % is past the end (length %)', head, len using errcode = 'RR001';
        end if;
        idx := head::int;
        if idx = len + 1 then
          container := container || '[null]'::jsonb;
          len := idx;
        end if;
        if idx = len then
          return container || jsonb_build_array(rr_jsonb_set_path(null, path[2:], value));
        end if;
        return jsonb_set(container, array[head], rr_jsonb_set_path(container -> idx, path[2:], value));
      end if;
      if container is null or jsonb_typeof(container) <> 'object' then
        container := '{}'::jsonb;
      end if;
      return jsonb_set(container, array[head], rr_jsonb_set_path(container -> head, path[2:], value), true);
    end
    $fn$`.execute(db);

  // SHA-256 of exactly the schema text a full getlist page splices in (products/product-list-repository.ts): the
  // schema-text cache is keyed by company and this digest, so no crafted document can collide.
  // (convert_to with a fixed encoding name is deterministic; PostgreSQL only marks it stable.)
  await sql`
    create or replace function rr_schema_digest(doc jsonb) returns text
    language sql immutable parallel safe as $fn$
      select case when jsonb_typeof(doc -> 'rocketRegInfo') = 'object'
          and (doc -> 'rocketRegInfo') ?& array['schemaString', 'schemaInfo']
        then encode(sha256(convert_to('"schemaString":' || (doc #> '{rocketRegInfo,schemaString}')::text
          || ',"schemaInfo":' || (doc #> '{rocketRegInfo,schemaInfo}')::text, 'UTF8')), 'hex') end
    $fn$`.execute(db);
  await sql`alter table products add column schema_digest text generated always as (rr_schema_digest(doc)) stored`.execute(
    db,
  );
  // Existing rows are not checked (not valid); every write from now on is.
  await sql`alter table products add constraint products_doc_size
      check (pg_column_size(doc) <= ${sql.lit(MAX_DOCUMENT_BYTES)}) not valid`.execute(db);

  await sql`create unlogged table rate_counters (
      key text primary key,
      hits integer not null,
      window_end timestamptz not null)`.execute(db);
  await sql`create index rate_counters_window_idx on rate_counters (window_end)`.execute(db);

  await db.schema
    .createTable('company_storage')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await sql`create index sessions_expires_idx on sessions (expires_at)`.execute(db);
  await sql`create index password_resets_expires_idx on password_resets (expires_at)`.execute(db);
  await sql`create index password_resets_user_idx on password_resets (user_id)`.execute(db);
  await sql`create index access_history_at_idx on access_history (at)`.execute(db);
  await sql`create index outbox_created_idx on outbox (created_at)`.execute(db);
  await sql`create index ai_requests_finished_idx on ai_requests (finished_at) where finished_at is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'ai_requests_finished_idx',
    'outbox_created_idx',
    'access_history_at_idx',
    'password_resets_user_idx',
    'password_resets_expires_idx',
    'sessions_expires_idx',
  ]) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
  await db.schema.dropTable('company_storage').ifExists().execute();
  await db.schema.dropTable('rate_counters').ifExists().execute();
  await sql`alter table products drop constraint if exists products_doc_size`.execute(db);
  await sql`alter table products drop column if exists schema_digest`.execute(db);
  await sql`drop function if exists rr_schema_digest(jsonb)`.execute(db);
}
