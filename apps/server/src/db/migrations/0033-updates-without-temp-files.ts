import { type Kysely, sql } from 'kysely';

// Issue 21: a partial update of a large document wrote three temporary files of the document's size
// (9.5 MB each for a 9 MB document, `log_temp_files`), and those writes, not the cores, were what
// slowed other companies' requests while one company updated back to back (a PostgreSQL backend
// burning CPU alone does not: docs/benchmarks.md):
// - the quota check after an update read the statement's old and new rows from transition tables,
//   which PostgreSQL keeps in a temporary file once past work_mem (4 MB). It is now a row trigger
//   that runs only when a document grew, with no transition table: the queued event is the row's
//   address. The insert trigger keeps its transition table (one statement saves many products, and
//   one check then covers them all).
// - rr_jsonb_apply_tree's rebuild of a large array materialises the array's elements, and sorts
//   them, past work_mem. It runs with work_mem 32 MB: room for the largest array a document can hold
//   (the 10 MB cap of 0011) in memory. Only this function's own statements get it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function rr_products_bytes_quota() returns trigger language plpgsql as $fn$
    declare
      max_bytes bigint := nullif(current_setting('rr.max_product_bytes', true), '')::bigint;
      b bigint;
    begin
      if max_bytes is null then
        return null;
      end if;
      select coalesce(sum(doc_bytes), 0) into b from products where company_id = new.company_id;
      if b > max_bytes then
        raise exception 'product documents % bytes over the quota %', b, max_bytes using errcode = 'RR003';
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`drop trigger if exists products_quota_update on products`.execute(db);
  await sql`
    create trigger products_quota_update after update of doc on products
    for each row when (new.doc_bytes > old.doc_bytes)
    execute function rr_products_bytes_quota()`.execute(db);
  await sql`alter function rr_jsonb_apply_tree(jsonb, jsonb) set work_mem = '32MB'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter function rr_jsonb_apply_tree(jsonb, jsonb) reset work_mem`.execute(db);
  await sql`drop trigger if exists products_quota_update on products`.execute(db);
  await sql`drop function if exists rr_products_bytes_quota()`.execute(db);
  await sql`
    create trigger products_quota_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function rr_products_quota()`.execute(db);
}
