import { type Kysely, sql } from 'kysely';

// Issue 21: saving or partially updating a large document wrote temporary files of the document's
// size (9.5 MB each for a 9 MB document, `log_temp_files`: one per save, three per update), and those
// writes, not the cores, were what slowed other companies' requests while one company wrote back to
// back (a PostgreSQL backend burning CPU alone slowed them far less: docs/decisions.md):
// - the quota check after an insert or update read the statement's rows from transition tables,
//   which PostgreSQL keeps in a temporary file once past work_mem (4 MB). It is now a row trigger
//   with no transition table (the queued event is the row's address), after an insert and after an
//   update that grew a document. Every statement that writes products writes one row (saveItems and
//   the imports insert product by product; updates are by id), so it is the same one check per
//   statement as before.
// - rr_jsonb_apply_tree's rebuild of a large array materialises the array's elements, and sorts
//   them, past work_mem. It runs with work_mem 32 MB: room for the largest array a document can hold
//   (the 10 MB cap of 0011) in memory. Only this function's own statements get it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function rr_products_quota_row() returns trigger language plpgsql as $fn$
    declare
      max_count bigint := nullif(current_setting('rr.max_products', true), '')::bigint;
      max_bytes bigint := nullif(current_setting('rr.max_product_bytes', true), '')::bigint;
      n bigint;
      b bigint;
    begin
      if max_count is null and max_bytes is null then
        return null;
      end if;
      select count(*), coalesce(sum(doc_bytes), 0) into n, b from products where company_id = new.company_id;
      if tg_op = 'INSERT' and max_count is not null and n > max_count then
        raise exception 'product count % over the quota %', n, max_count using errcode = 'RR002';
      end if;
      if max_bytes is not null and b > max_bytes then
        raise exception 'product documents % bytes over the quota %', b, max_bytes using errcode = 'RR003';
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`drop trigger if exists products_quota_insert on products`.execute(db);
  await sql`drop trigger if exists products_quota_update on products`.execute(db);
  await sql`
    create trigger products_quota_insert after insert on products
    for each row execute function rr_products_quota_row()`.execute(db);
  await sql`
    create trigger products_quota_update after update of doc on products
    for each row when (new.doc_bytes > old.doc_bytes)
    execute function rr_products_quota_row()`.execute(db);
  await sql`alter function rr_jsonb_apply_tree(jsonb, jsonb) set work_mem = '32MB'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter function rr_jsonb_apply_tree(jsonb, jsonb) reset work_mem`.execute(db);
  await sql`drop trigger if exists products_quota_update on products`.execute(db);
  await sql`drop trigger if exists products_quota_insert on products`.execute(db);
  await sql`drop function if exists rr_products_quota_row()`.execute(db);
  await sql`
    create trigger products_quota_insert after insert on products
    referencing new table as new_rows
    for each statement execute function rr_products_quota()`.execute(db);
  await sql`
    create trigger products_quota_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function rr_products_quota()`.execute(db);
}
