import { type Kysely, sql } from 'kysely';

// Issue 21: product documents inside per-company quotas. Each product row carries the size of its
// document (`doc_bytes`, the same measure as the 10 MB cap of 0011); after every statement that adds
// products or grows documents, a trigger compares the company's product count and total document
// bytes with the limits the app's connections carry (`rr.max_products`, `rr.max_product_bytes`,
// set from MAX_PRODUCTS / MAX_PRODUCT_DOCS_MB by db/database.ts) and refuses the statement with
// SQLSTATE RR002 (count) or RR003 (bytes): the whole transaction is rolled back, nothing half-written.
// Connections without the settings (migrations, tools) are not limited. The import history keeps the
// newest `rr.import_history_keep` rows per company (a trigger deletes older ones after each insert).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  // The document's size uncompressed: `|| '{}'` hands pg_column_size the detoasted value, so rows
  // measured by this migration (stored compressed) and rows written later measure alike.
  await sql`
    create or replace function rr_doc_bytes(doc jsonb) returns integer
    language sql immutable parallel safe as $fn$ select pg_column_size(doc || '{}'::jsonb) $fn$`.execute(db);
  await sql`alter table products add column doc_bytes integer generated always as (rr_doc_bytes(doc)) stored`.execute(
    db,
  );
  await sql`create index products_company_bytes_idx on products (company_id) include (doc_bytes)`.execute(db);

  await sql`
    create or replace function rr_products_quota() returns trigger language plpgsql as $fn$
    declare
      max_count bigint := nullif(current_setting('rr.max_products', true), '')::bigint;
      max_bytes bigint := nullif(current_setting('rr.max_product_bytes', true), '')::bigint;
      company uuid;
      n bigint;
      b bigint;
    begin
      if max_count is null and max_bytes is null then
        return null;
      end if;
      for company in
        select nr.company_id from new_rows nr group by nr.company_id
      loop
        if tg_op = 'UPDATE' then
          -- (a separate statement: old_rows exists only for updates)
          if (select coalesce(sum(doc_bytes), 0) from new_rows where company_id = company)
              <= (select coalesce(sum(doc_bytes), 0) from old_rows where company_id = company) then
            continue;
          end if;
        end if;
        select count(*), coalesce(sum(doc_bytes), 0) into n, b from products where company_id = company;
        if tg_op = 'INSERT' and max_count is not null and n > max_count then
          raise exception 'product count % over the quota %', n, max_count using errcode = 'RR002';
        end if;
        if max_bytes is not null and b > max_bytes then
          raise exception 'product documents % bytes over the quota %', b, max_bytes using errcode = 'RR003';
        end if;
      end loop;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger products_quota_insert after insert on products
    referencing new table as new_rows
    for each statement execute function rr_products_quota()`.execute(db);
  await sql`
    create trigger products_quota_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function rr_products_quota()`.execute(db);

  await sql`create index import_history_company_id_idx on import_history (company_id, id)`.execute(db);
  // After each insert into the import history: only the newest rr.import_history_keep rows of the
  // company are kept.
  await sql`
    create or replace function rr_import_history_prune() returns trigger language plpgsql as $fn$
    declare
      keep bigint := nullif(current_setting('rr.import_history_keep', true), '')::bigint;
      company uuid;
    begin
      if keep is null then
        return null;
      end if;
      for company in select nr.company_id from new_rows nr group by nr.company_id loop
        delete from import_history
        where company_id = company
          and id <= (select h.id from import_history h where h.company_id = company
                     order by h.id desc offset keep limit 1);
      end loop;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger import_history_prune after insert on import_history
    referencing new table as new_rows
    for each statement execute function rr_import_history_prune()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists import_history_prune on import_history`.execute(db);
  await sql`drop function if exists rr_import_history_prune()`.execute(db);
  await sql`drop index if exists import_history_company_id_idx`.execute(db);
  await sql`drop trigger if exists products_quota_update on products`.execute(db);
  await sql`drop trigger if exists products_quota_insert on products`.execute(db);
  await sql`drop function if exists rr_products_quota()`.execute(db);
  await sql`drop index if exists products_company_bytes_idx`.execute(db);
  await sql`alter table products drop column if exists doc_bytes`.execute(db);
  await sql`drop function if exists rr_doc_bytes(jsonb)`.execute(db);
}
