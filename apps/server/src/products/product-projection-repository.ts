import { TASK_ORDER, TASK_STATUS_FIELDS, type TaskName } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { statusColumnOf } from './product-tables.ts';

// Narrow reads of products (a few fields of many products, read without parsing whole documents):
// the workflow's run view and statuses, the completeness check of a finished run, the export
// pre-flight's barcodes, the dashboard's counts; and the store's row lock. SQL of products/, private
// to it: other modules ask the ProductStore.

// Every task's status field, from the task registry (a new task's status is read without a change here).
const STATUS_PAIRS = sql.join(
  Object.values(TASK_STATUS_FIELDS).map((field) => sql`${sql.lit(field)}, doc->${sql.lit(field)}`),
);

/** Status fields and display data of products (a run's view), read from the product documents. */
export async function readProductsOfRun(
  db: Db,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, { registrationId: string; doc: Record<string, unknown> }>> {
  if (productIds.length === 0) return new Map();
  const rows = await sql<{ id: string; registration_id: string; doc: Record<string, unknown> }>`
    select id, registration_id, jsonb_build_object(
        'productName', doc->'productName', 'productNameTrans', doc->'productNameTrans',
        'seo', jsonb_build_object('productName', doc#>'{seo,productName}'),
        ${STATUS_PAIRS}) as doc
    from products where company_id = ${companyId} and id = any(${sql.val(productIds)}::uuid[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, { registrationId: r.registration_id, doc: r.doc }]));
}

/**
 * The products of every company whose review on Coupang is still open (the approval sync, issue
 * 23), the longest unchecked first.
 */
export async function readProductsUnderReview(
  db: Db,
  limit: number,
): Promise<{ companyId: string; productId: string }[]> {
  const { rows } = await sql<{ company_id: string; id: string }>`
    select company_id, id from products
    where doc -> 'coupangRegistration' ->> 'status' in ('requested', 'in_review')
      and doc -> 'coupangRegistration' ->> 'sellerProductId' is not null
    order by coalesce(doc -> 'coupangRegistration' ->> 'checkedAt', '') asc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ companyId: r.company_id, productId: r.id }));
}

/** Which of these ids are products of the company. */
export async function existingProductIds(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`
    select id from products where company_id = ${companyId} and id = any(${sql.val(ids)}::uuid[])`.execute(
    db,
  );
  return new Set(rows.rows.map((r) => r.id));
}

/** The parts of the run's products the completeness check reads (option documents and schema). */
export async function readRegistrationParts(
  db: Db,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (productIds.length === 0) return new Map();
  const rows = await sql<{ id: string; doc: Record<string, unknown> }>`
    select id, jsonb_build_object(
        'coupangDoc', jsonb_build_object('jsonDocument', doc#>'{coupangDoc,jsonDocument}'),
        'rocketRegInfo', jsonb_build_object('schemaInfo', doc#>'{rocketRegInfo,schemaInfo}')) as doc
    from products where company_id = ${companyId} and id = any(${sql.val(productIds)}::uuid[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, r.doc]));
}

/** The product's untranslated-phrase notes by task (issue 20), or undefined without any. */
export async function readUntranslatedPhrases(
  db: Db,
  companyId: string,
  productId: string,
): Promise<Record<string, string[] | null> | undefined> {
  const rows = await sql<{ notes: Record<string, string[] | null> | null }>`
    select doc->'untranslatedPhrases' as notes from products
    where company_id = ${companyId} and id = ${productId}`.execute(db);
  const notes = rows.rows[0]?.notes;
  return notes && typeof notes === 'object' ? notes : undefined;
}

/** Every option document's barcode of the company's products (the pre-flight's duplicate check). */
export async function readCompanyBarcodes(
  db: Db,
  companyId: string,
): Promise<{ id: string; registration_id: string; idx: number; barcode: string }[]> {
  const r = await sql<{ id: string; registration_id: string; idx: number; barcode: string }>`
    select p.id, p.registration_id, (d.ord - 1)::int as idx,
      d.doc #>> '{productPage,commonAttributes,productBarcode}' as barcode
    from products p,
      jsonb_array_elements(case when jsonb_typeof(p.doc #> '{coupangDoc,jsonDocument}') = 'array'
        then p.doc #> '{coupangDoc,jsonDocument}' else '[]'::jsonb end) with ordinality d(doc, ord)
    where p.company_id = ${companyId}
      and coalesce(d.doc #>> '{productPage,commonAttributes,productBarcode}', '') <> ''`.execute(db);
  return r.rows;
}

/** Ids of the company's products that have a pricing object (reprice all), oldest first. */
export async function readPricedProductIds(db: Db, companyId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select id from products
    where company_id = ${companyId} and jsonb_typeof(doc -> 'pricing') = 'object'
    order by created_at, id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Locks the product's row until the transaction ends (the store's last planned attempt). */
export async function lockProductRow(trx: Db, companyId: string, productId: string): Promise<void> {
  await sql`select 1 from products where id = ${productId} and company_id = ${companyId} for update`.execute(
    trx,
  );
}

export type TaskStatusCounts = {
  total: number;
  statuses: { task: TaskName; status: string; n: number }[];
};

/** The company's product count, and per task and status how many products have it (none = pending). */
export async function countTaskStatuses(db: Db, companyId: string): Promise<TaskStatusCounts> {
  const pairs = sql.join(
    TASK_ORDER.map((task) => sql`(${task}, p.${sql.ref(statusColumnOf(TASK_STATUS_FIELDS[task]))})`),
  );
  const [statuses, total] = await Promise.all([
    sql<TaskStatusCounts['statuses'][number]>`
      select t.task, coalesce(t.status, 'pending') as status, count(*)::int as n
      from products p
      cross join lateral (values ${pairs}) as t(task, status)
      where p.company_id = ${companyId}
      group by 1, 2`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from products where company_id = ${companyId}`.execute(db),
  ]);
  return { total: total.rows[0]?.n ?? 0, statuses: statuses.rows };
}
