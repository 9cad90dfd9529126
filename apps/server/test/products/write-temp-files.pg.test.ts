import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.ts';
import { createProductRepository } from '../../src/products/product-data-repository.ts';
import { applyPartialUpdate } from '../../src/products/product-writes.ts';
import { parseUpdateFields } from '../../src/products/update-paths.ts';
import { flushStatistics, insertCompany, insertProductDoc } from '../support/pg-statistics.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: saving a large document and updating it wrote temporary files of the document's size
// (the quota trigger's transition tables, the array rebuild past work_mem), and those writes slowed
// every other company's requests. Migration 0033: none now. Counted in the database's temporary
// files (pg_stat_database), not timed.

const { url } = await createTestDb();
const db = createDb(url, { max: 1 }); // one session: its statistics are flushed on request
afterAll(() => db.destroy());

const tempFiles = async () => {
  await flushStatistics(db);
  const { rows } = await sql<{ files: number; bytes: number }>`
    select temp_files as files, temp_bytes as bytes from pg_stat_database where datname = current_database()`.execute(
    db,
  );
  return { files: Number(rows[0]!.files), bytes: Number(rows[0]!.bytes) };
};

it('saves a 6 MB document and updates 500 paths of it without a temporary file, the quotas checked', async () => {
  const companyId = await insertCompany(db, '임시 파일', 'SUP-TEMP');
  // 1,000 options of ≈ 6 KB that do not compress: the options array alone is past work_mem (4 MB)
  const options = Array.from({ length: 1000 }, (_, i) => ({
    sourceKey: `옵션${i}`,
    memo: randomBytes(4_500).toString('base64'),
  }));
  // the app's connections carry the quotas (db/database.ts); the trigger checks only then
  await sql`select set_config('rr.max_product_bytes', '100000000', false), set_config('rr.max_products', '1', false)`.execute(
    db,
  );
  const before = await tempFiles();
  const id = await insertProductDoc(db, companyId, 'TEMP-1', { productName: '큰 상품', options });

  const fields = Object.fromEntries(
    Array.from({ length: 500 }, (_, i) => [`options.${(i * 2) % 1000}.checked`, `값${i}`]),
  );
  const parsed = parseUpdateFields(fields);
  if (!parsed.ok) throw new Error('paths');
  const written = await applyPartialUpdate(createProductRepository(db), companyId, id, parsed.updates, {
    sellerPaths: Object.keys(fields),
  });
  const after = await tempFiles();

  expect(after).toEqual(before);
  const stored = await sql<{ doc_bytes: number; checked: string; mark: string }>`
    select doc_bytes, doc #>> '{options,998,checked}' as checked, doc #>> '{fieldSources,options.998.checked}' as mark
    from products where id = ${id}`.execute(db);
  expect(stored.rows[0]).toMatchObject({ checked: '값499', mark: 'seller' });
  expect(stored.rows[0]!.doc_bytes).toBeGreaterThan(6_000_000);
  // what the write answers for the company's pace is the document it wrote
  expect(written?.docBytes).toBe(stored.rows[0]!.doc_bytes);

  // the quota still holds for an update that grows the document past it
  await sql`select set_config('rr.max_product_bytes', ${String(stored.rows[0]!.doc_bytes + 1000)}, false)`.execute(
    db,
  );
  const grow = parseUpdateFields({ 'options.0.memo': 'x'.repeat(10_000) });
  if (!grow.ok) throw new Error('paths');
  await expect(
    applyPartialUpdate(createProductRepository(db), companyId, id, grow.updates),
  ).rejects.toMatchObject({ code: 'RR003' });
  // and the count for an insert past it (one product at most here)
  await expect(
    sql`insert into products (company_id, registration_id, doc) values (${companyId}, 'TEMP-2', '{}'::jsonb)`.execute(
      db,
    ),
  ).rejects.toMatchObject({ code: 'RR002' });
});
