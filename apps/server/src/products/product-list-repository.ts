import type { GetListRequest, GetListRequest as GetListRequestSchema } from '@rr/contracts';
import { KOREAN_NAME_PATHS, TASK_STATUS_FIELD_LIST, type TaskStatusField } from '@rr/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { ProductCaches } from './product-caches.ts';
import { productRowOf, toProduct } from './product-row.ts';
import { statusColumnOf } from './product-tables.ts';

// POST /api/aiRocketReg/getlist: search, filters per task status, category, date, paging, sort.

type Criteria = z.output<typeof GetListRequestSchema>;

export type { GetListRequest };

const SORT_COLUMN = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  registrationId: 'registration_id',
  productName: 'product_name',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only bound is a day in Korea (the sellers' day); a full timestamp is taken as it is. */
function dateBound(value: string, end: boolean): Date | null {
  const d = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00+09:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  if (end && DATE_ONLY.test(value)) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type ListPage = { jsonRows: Array<string | JsonChunks>; total: number };

function whereClause(companyId: string, c: Criteria) {
  const parts = [sql`company_id = ${companyId}`];
  const text = c.text?.trim().toLowerCase();
  if (text) {
    for (const word of text.split(/\s+/)) parts.push(sql`search_text like ${`%${escapeLike(word)}%`}`);
  }
  for (const [field, value] of Object.entries(c.statuses ?? {})) {
    const column = sql.ref(statusColumnOf(field as TaskStatusField));
    parts.push(
      value === 'pending' ? sql`(${column} = 'pending' or ${column} is null)` : sql`${column} = ${value}`,
    );
  }
  if (c.displayCategoryCode !== undefined)
    parts.push(sql`display_category_code = ${String(c.displayCategoryCode)}`);
  if (c.inRegistration === true) parts.push(sql`in_registration`);
  if (c.inRegistration === false) parts.push(sql`not in_registration`);
  if (c.coupangStatus === 'none') parts.push(sql`doc -> 'coupangRegistration' ->> 'status' is null`);
  else if (c.coupangStatus) parts.push(sql`doc -> 'coupangRegistration' ->> 'status' = ${c.coupangStatus}`);
  if (c.dateFrom) {
    const d = dateBound(c.dateFrom, false);
    if (d) parts.push(sql`updated_at >= ${d}`);
  }
  if (c.dateTo) {
    const d = dateBound(c.dateTo, true);
    if (d) parts.push(DATE_ONLY.test(c.dateTo) ? sql`updated_at < ${d}` : sql`updated_at <= ${d}`);
  }
  if (c.ids) {
    const ids = c.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    parts.push(ids.length ? sql`id = any(${ids}::uuid[])` : sql`false`);
  }
  return sql.join(parts, sql` and `);
}

export async function listProducts(
  db: Db,
  caches: ProductCaches,
  companyId: string,
  c: Criteria,
): Promise<ListPage> {
  const { schemaTexts } = caches;
  const where = whereClause(companyId, c);
  const order = c.order === 'asc' ? sql`asc` : sql`desc`;
  const sortColumn = sql.ref(SORT_COLUMN[c.sort]);
  const offset = (c.page - 1) * c.pageSize;
  // The page's ids first (sort keys only), then the rows of those 50: nothing is read or built for
  // rows that are not shown.
  const page = sql`with page as (
        select id, ${sortColumn} as sort_key from products where ${where}
        order by ${sortColumn} ${order}, id ${order} limit ${c.pageSize} offset ${offset})`;
  const count = sql<{ total: number }>`select count(*)::int as total from products where ${where}`.execute(
    db,
  );
  if (c.view === 'summary') {
    const [rows, total] = await Promise.all([
      sql<{ json: string }>`${page}
        select ${summaryJsonText} as json from page join products using (id)
        order by page.sort_key ${order}, page.id ${order}`.execute(db),
      count,
    ]);
    return { jsonRows: rows.rows.map((r) => r.json), total: total.rows[0]?.total ?? 0 };
  }
  const [rows, total] = await Promise.all([
    sql<SplitRow>`${page}
      select id, registration_id, completeness, created_at, updated_at, split,
        (rest ->> 'registrationId') is not distinct from registration_id
          and not (rest ?| array['_id', 'completeness', 'createdAt', 'updatedAt']) as spliceable,
        case when split then rest::text when rri is null then rest::text else (rest || jsonb_build_object('rocketRegInfo', rri))::text end as doc,
        case when split then (rri - 'schemaString' - 'schemaInfo')::text end as rri,
        case when split then schema_digest end as schema_hash
      from (
        select id::text as id, registration_id, completeness, ${rowDates}, schema_digest,
          page.sort_key, page.id as page_id,
          doc - 'rocketRegInfo' as rest, doc -> 'rocketRegInfo' as rri
        from page join products using (id) offset 0) d
        cross join lateral (select jsonb_typeof(rri) = 'object' and rri ?& array['schemaString', 'schemaInfo'] as split) s
      order by sort_key ${order}, page_id ${order}`.execute(db),
    count,
  ]);
  // Cache keys: the company and the SHA-256 of the schema text (products.schema_digest, migration 0011).
  for (const r of rows.rows) if (r.split) r.schema_hash = `${companyId}:${r.schema_hash}`;
  const missing = rows.rows.filter((r) => r.split && !schemaTexts.has(r.schema_hash!));
  const stale = new Set<string>();
  if (missing.length > 0) {
    // Schemas not seen yet (one per category and version): their text once, kept for later pages.
    const found = await sql<{ id: string; schema_hash: string; schema: string }>`
      select id::text as id, ${companyId}::text || ':' || schema_digest as schema_hash,
        '"schemaString":' || (x -> 0)::text || ',"schemaInfo":' || (x -> 1)::text as schema
      from (select id, schema_digest, jsonb_build_array(doc #> '{rocketRegInfo,schemaString}', doc #> '{rocketRegInfo,schemaInfo}') as x
        from products where company_id = ${companyId} and id = any(${[...new Map(missing.map((r) => [r.schema_hash, r.id])).values()]}::uuid[])) t`.execute(
      db,
    );
    for (const f of found.rows) cacheSchemaText(schemaTexts, f.schema_hash, f.schema);
    // A row written between the two reads: read it again whole.
    for (const r of missing) if (!schemaTexts.has(r.schema_hash!)) stale.add(r.id);
  }
  const again = new Map<string, FullRow>();
  if (stale.size > 0) {
    const reread = await sql<FullRow>`
      select id::text as id, registration_id, doc::text as doc, completeness, ${rowDates}, ${spliceable} as spliceable
      from products where company_id = ${companyId} and id = any(${[...stale]}::uuid[])`.execute(db);
    for (const r of reread.rows) again.set(r.id, r);
  }
  const jsonRows: JsonChunks[] = [];
  for (const r of rows.rows) {
    if (!stale.has(r.id)) jsonRows.push(splitJson(schemaTexts, r));
    else {
      const whole = again.get(r.id);
      if (whole) jsonRows.push([fullJson(whole)]); // (deleted between the reads: left out)
    }
  }
  return { jsonRows, total: total.rows[0]?.total ?? 0 };
}

const rowDates = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** Whether the server's fields can be spliced in front of the document's text (see fullJson). */
const spliceable = sql`(doc ->> 'registrationId') is not distinct from registration_id
          and not (doc ?| array['_id', 'completeness', 'createdAt', 'updatedAt'])`;

type FullRow = {
  id: string;
  registration_id: string;
  doc: string;
  completeness: number | null;
  created_at: string;
  updated_at: string;
  spliceable: boolean;
};

/** doc without rocketRegInfo and rri without its schema when `split`; the whole doc otherwise. */
type SplitRow = FullRow & { split: boolean; rri: string | null; schema_hash: string | null };

/** One product's JSON as pieces to concatenate (text, or the cached UTF-8 of its schema). */
export type JsonChunks = Array<string | Buffer>;

/**
 * `"schemaString":…,"schemaInfo":…` by company and the SHA-256 of exactly that text (computed when
 * the row is written: products.schema_digest): every product of a category carries the same schema
 * (≈15 KB of the ≈40 KB document), so a page reads and decodes it once, not 50 times. No company
 * can place an entry another company reads, and no crafted document can collide with one.
 * Immutable under its key; bounded (oldest out first). The map is the container's (ProductCaches).
 */
function cacheSchemaText(schemaTexts: ProductCaches['schemaTexts'], hash: string, text: string): void {
  if (!schemaTexts.has(hash)) schemaTexts.set(hash, Buffer.from(text));
}

function splitJson(schemaTexts: ProductCaches['schemaTexts'], r: SplitRow): JsonChunks {
  if (!r.split) return [fullJson(r)];
  const schema = schemaTexts.get(r.schema_hash!)!;
  const rest = r.rri!.length > 2 ? `,${r.rri!.slice(1)}` : '}';
  // The rocketRegInfo object rebuilt around the cached schema text, then the rest of the document.
  const tail = `${rest}${r.doc.length > 2 ? `,${r.doc.slice(1)}` : '}'}`;
  if (r.spliceable) return [`${fullHead(r)},"rocketRegInfo":{`, schema, tail];
  const text = Buffer.concat([Buffer.from('{"rocketRegInfo":{'), schema, Buffer.from(tail)]).toString();
  return [fullJson({ ...r, doc: text, spliceable: false })];
}

const fullHead = (r: FullRow) =>
  `{"_id":${JSON.stringify(r.id)},"completeness":${r.completeness ?? 'null'},"createdAt":"${r.created_at}","updatedAt":"${r.updated_at}"`;

/**
 * The product as `toProduct` answers it, as JSON text. Profiling showed that building it in SQL
 * (`doc || jsonb_build_object(…)`) rebuilt each ~40 KB document and cost twice as much as printing
 * it: the server's fields are spliced in front of the document's own text instead. The document
 * holds its registrationId and none of the server's other fields (writes strip them; migration 0006
 * removed old `completeness` keys); a row where that is not so is built the slow, certain way.
 */
function fullJson(r: FullRow): string {
  if (r.spliceable && r.doc.length > 2) return `${fullHead(r)},${r.doc.slice(1)}`;
  return JSON.stringify(
    toProduct(
      productRowOf({
        id: r.id,
        registration_id: r.registration_id,
        doc: JSON.parse(r.doc),
        completeness: r.completeness,
        created_at: new Date(r.created_at),
        updated_at: new Date(r.updated_at),
      }),
    ),
  );
}

/** The domain's Korean-name rule (productKoreanName) in SQL: the first non-blank of its paths. */
const koreanNameSql = sql`coalesce(${sql.join(
  KOREAN_NAME_PATHS.map((path) => sql`nullif(btrim(doc #>> ${sql.lit(`{${path.join(',')}}`)}), '')`),
)}, '')`;

/** `'seoStatus', seo_status, …` for every task of the registry. */
const statusPairs = sql.join(
  TASK_STATUS_FIELD_LIST.map((f) => sql`${sql.lit(f)}, ${sql.ref(statusColumnOf(f))}`),
);

/** A table row of the registration screen (contracts ProductSummary), built in SQL. */
const summaryJsonText = sql<string>`jsonb_build_object(
  '_id', id::text,
  'registrationId', registration_id,
  'thumbnail', coalesce(doc -> 'mainImages' ->> 0, doc -> 'options' -> 0 -> 'option1' ->> 'image'),
  'productName', coalesce(doc ->> 'productName', ''),
  'korName', ${koreanNameSql},
  'offerId', offer_id,
  'optionCount', coalesce(jsonb_array_length(case when jsonb_typeof(doc -> 'options') = 'array' then doc -> 'options' end), 0),
  'categoryPath', doc -> 'rocketRegInfo' ->> 'categoryPath',
  'displayCategoryCode', case when display_category_code ~ '^[0-9]+$' then display_category_code::int end,
  'statuses', jsonb_strip_nulls(jsonb_build_object(${statusPairs})),
  'completeness', completeness,
  'coupang', case when jsonb_typeof(doc -> 'coupangRegistration') = 'object' then jsonb_build_object(
    'status', doc -> 'coupangRegistration' ->> 'status',
    'sellerProductId', doc -> 'coupangRegistration' ->> 'sellerProductId',
    'statusName', doc -> 'coupangRegistration' ->> 'statusName') end,
  'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)::text`;
