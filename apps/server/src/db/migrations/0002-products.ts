import { type Kysely, sql } from 'kysely';

// Products as jsonb documents with indexed columns; categories cache; category schemas; settings;
// 1688 import history. Status, category, offer and search columns are generated from the document,
// so a dotted-path update of the document keeps them right in the same statement.

/** Its own copy of the status fields (a migration never changes); a test checks the domain's registry agrees. */
export const STATUS_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['seo_status', 'seoStatus'],
  ['pricing_status', 'pricingStatus'],
  ['main_image_status', 'mainImageStatus'],
  ['additional_image_status', 'additionalImageStatus'],
  ['detail_image_status', 'detailImageStatus'],
  ['korean_label_status', 'koreanLabelStatus'],
  ['size_chart_status', 'sizeChartStatus'],
  ['quotation_status', 'quotationStatus'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  // Sets `value` at `path` inside `target`, creating missing objects, arrays and array slots (padded
  // with null) on the way; a scalar in the way is replaced by the container the next segment needs.
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
        idx := head::int;
        len := jsonb_array_length(container);
        while len < idx loop
          container := container || '[null]'::jsonb;
          len := len + 1;
        end loop;
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

  const statusColumns = STATUS_COLUMNS.map(([column, field]) =>
    sql.raw(`${column} text generated always as (doc ->> '${field}') stored`),
  );
  await sql`
    create table products (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      registration_id text not null,
      doc jsonb not null,
      offer_id text generated always as (doc -> 'source' ->> 'offerId') stored,
      display_category_code text generated always as (doc -> 'rocketRegInfo' ->> 'displayCategoryCode') stored,
      in_registration boolean generated always as (jsonb_typeof(doc -> 'rocketRegInfo') = 'object') stored,
      product_name text generated always as (coalesce(doc ->> 'productName', '')) stored,
      search_text text generated always as (lower(
        coalesce(doc ->> 'registrationId', '') || ' ' || coalesce(doc ->> 'productName', '') || ' ' ||
        coalesce(doc ->> 'productNameTrans', '') || ' ' || coalesce(doc ->> 'korName', '') || ' ' ||
        coalesce(doc -> 'seo' ->> 'productName', '') || ' ' || coalesce(doc -> 'source' ->> 'offerId', '') || ' ' ||
        coalesce(jsonb_path_query_array(doc, '$.options[*].korName')::text, '') || ' ' ||
        coalesce(jsonb_path_query_array(doc, '$.options[*].sourceKey')::text, '')
      )) stored,
      ${sql.join(statusColumns)},
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index products_company_registration_key on products (company_id, registration_id)`.execute(
    db,
  );
  await sql`create index products_company_updated_idx on products (company_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index products_company_created_idx on products (company_id, created_at desc)`.execute(db);
  await sql`create index products_company_offer_idx on products (company_id, offer_id)`.execute(db);
  await sql`create index products_company_category_idx on products (company_id, display_category_code)`.execute(
    db,
  );
  for (const [column] of STATUS_COLUMNS) {
    await sql`create index ${sql.raw(`products_company_${column}_idx`)} on products (company_id, ${sql.raw(column)})`.execute(
      db,
    );
  }

  await db.schema
    .createTable('registration_counters')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('last_value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('category_lists')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('built_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('category', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category_schemas')
    .addColumn('display_category_code', 'integer', (c) => c.primaryKey())
    .addColumn('category_path', 'text', (c) => c.notNull())
    .addColumn('schema', 'jsonb', (c) => c.notNull())
    .addColumn('json_schema', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('company_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('gemini_key_enc', 'text')
    .addColumn('openai_key_enc', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('import_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('offer_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('read_options', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kept_options', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('diff', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('import_history_company_idx')
    .on('import_history')
    .columns(['company_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'import_history',
    'company_settings',
    'category_schemas',
    'category_lists',
    'registration_counters',
    'products',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`drop function if exists rr_jsonb_set_path(jsonb, text[], jsonb)`.execute(db);
}
