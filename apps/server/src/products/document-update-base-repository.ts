import { CategorySchema, isRecord } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { defaultSettingsOf, type StoredSettings } from '../settings/settings-service.ts';
import type { DefaultSettingsView } from './document-rules.ts';
import { writeSparse } from './known-products.ts';
import type { BoundedMap, StoredValue } from './product-caches.ts';
import { isUuid } from './product-row.ts';

// What an updatePartial of option documents (coupangDoc.jsonDocument.{i}…) needs from the stored
// product, read in one statement without the whole document (issue 25: reading, parsing and cloning
// the whole product was most of the route's time): the option documents it writes in (whole, for the
// document rules), the stored values at the other written paths (for the seller marks), the product's
// importStatus, the company's default settings, and its category schema — parsed once per distinct schema text (cached by the md5 of
// the stored text, as the completeness cache is), read again only when that text is new here.

/**
 * `w.doc`: the product's document `p` read once. Each mention of a toasted column in a statement
 * fetches and decompresses the whole value again, so a query naming `p.doc` once per path read a
 * 9 MB document 500 times (2.2 s; issue 21). The concatenation makes one copy the rest reads (9 ms).
 */
export const DOC_READ_ONCE = sql`cross join lateral (select p.doc || '{}'::jsonb as doc offset 0) as w`;

/** Parsed category schemas by the md5 of their stored text; null: the stored value is not a schema. */
export type CategorySchemaCache = BoundedMap<string, CategorySchema | null>;

export type DocumentUpdateBase = {
  /** A sparse document: the written paths' values, and coupangDoc.jsonDocument with the touched entries. */
  doc: Record<string, unknown>;
  schema: CategorySchema | undefined;
  /** The company's default settings (read in the same statement), as readDefaultSettings answers them. */
  settings: DefaultSettingsView;
  /** The settings row's version (xmin), null without a row. */
  settingsVersion: string | null;
  /** The row version read, and the stored values found at it (the untouched written paths, importStatus). */
  read: { version: string; values: ReadonlyMap<string, StoredValue> };
};

/** The written paths outside the touched option documents (those are read with their documents). */
export function untouchedPaths(touched: readonly number[], writtenPaths: readonly string[]): string[] {
  return writtenPaths.filter((path) => {
    const s = path.split('.');
    return !(s[0] === 'coupangDoc' && s[1] === 'jsonDocument' && touched.includes(Number(s[2])));
  });
}

/**
 * undefined when the product is not the company's; 'whole' when the stored option documents are not
 * an array (the caller then reads the whole document, as before).
 */
export async function findDocumentUpdateBase(
  db: Db,
  companyId: string,
  id: string,
  touched: readonly number[],
  writtenPaths: readonly string[],
  schemas?: CategorySchemaCache,
): Promise<DocumentUpdateBase | 'whole' | undefined> {
  if (!isUuid(id)) return undefined;
  // A written path inside a touched option document is read with that document.
  const paths = untouchedPaths(touched, writtenPaths);
  const result = await sql<{
    kind: string | null;
    count: number;
    docs: unknown[] | null;
    vals: ({ v?: unknown } | null)[];
    import_status: unknown;
    schema_hash: string | null;
    settings: StoredSettings | null;
    settings_version: string | null;
    version: string;
  }>`
    select jsonb_typeof(w.doc #> '{coupangDoc,jsonDocument}') as kind,
      case when jsonb_typeof(w.doc #> '{coupangDoc,jsonDocument}') = 'array'
        then jsonb_array_length(w.doc #> '{coupangDoc,jsonDocument}') else 0 end as count,
      (select jsonb_agg(w.doc #> array['coupangDoc', 'jsonDocument', t.i::text] order by t.n)
        from unnest(${touched as number[]}::int[]) with ordinality as t(i, n)) as docs,
      coalesce((
        select jsonb_agg(case when t.value is null then '{}'::jsonb else jsonb_build_object('v', t.value) end order by t.n)
        from (select w.doc #> string_to_array(u.path, '.') as value, u.n
              from unnest(${paths as string[]}::text[]) with ordinality as u(path, n)) as t
      ), '[]'::jsonb) as vals,
      w.doc -> 'importStatus' as import_status,
      md5((w.doc #> '{rocketRegInfo,schemaInfo}')::text) as schema_hash,
      (select s.settings from company_settings as s where s.company_id = p.company_id) as settings,
      (select s.xmin::text from company_settings as s where s.company_id = p.company_id) as settings_version,
      p.xmin::text as version
    from products as p ${DOC_READ_ONCE} where p.id = ${id} and p.company_id = ${companyId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  if (row.kind !== null && row.kind !== 'array') return 'whole';

  const doc: Record<string, unknown> = {};
  const values = new Map<string, StoredValue>();
  values.set('importStatus', row.import_status === null ? {} : { v: row.import_status });
  paths.forEach((path, i) => {
    const found = row.vals[i];
    values.set(path, found ?? {});
    if (found && Object.hasOwn(found, 'v')) writeSparse(doc, path.split('.'), found.v);
  });
  if (row.kind === 'array') {
    // The stored length, with only the touched entries present (the rules read no other one).
    const jsonDocument: unknown[] = new Array(row.count);
    touched.forEach((index, k) => {
      const entry = row.docs?.[k];
      if (index < row.count && entry !== null && entry !== undefined) jsonDocument[index] = entry;
    });
    const coupangDoc = isRecord(doc.coupangDoc) ? doc.coupangDoc : {};
    writeSparse(doc, ['coupangDoc'], { ...coupangDoc, jsonDocument });
  }
  if (row.import_status !== null && row.import_status !== undefined) doc.importStatus = row.import_status;
  return {
    doc,
    schema: await categorySchemaOf(db, companyId, id, row.schema_hash, schemas),
    settings: defaultSettingsOf(companyId, row.settings),
    settingsVersion: row.settings_version,
    read: { version: row.version, values },
  };
}

async function categorySchemaOf(
  db: Db,
  companyId: string,
  id: string,
  hash: string | null,
  schemas: CategorySchemaCache | undefined,
): Promise<CategorySchema | undefined> {
  if (hash === null) return undefined;
  const known = schemas?.get(hash);
  if (known !== undefined) return known ?? undefined;
  const found = await sql<{ schema: unknown }>`
    select doc #> '{rocketRegInfo,schemaInfo}' as schema from products
    where id = ${id} and company_id = ${companyId}`.execute(db);
  const info = found.rows[0]?.schema;
  const parsed = isRecord(info) ? CategorySchema.safeParse(info) : undefined;
  const schema = parsed?.success ? parsed.data : null;
  schemas?.set(hash, schema);
  return schema ?? undefined;
}
