import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.ts';
import { findPathValues } from '../../src/products/product-repository.ts';
import { flushStatistics, insertCompany, insertProductDoc } from '../support/pg-statistics.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: each mention of a stored (TOASTed) document in a statement fetches all of it again. A
// partial update's read of 200 paths of a large document used to fetch it 200 times (500 paths of a
// 9 MB document: 2.2 s of the database's time); it is now fetched once. Counted in TOAST blocks read
// (pg_statio_user_tables), not timed.

const { url } = await createTestDb();
const db = createDb(url, { max: 1 }); // one session: its statistics are flushed on request
afterAll(() => db.destroy());

const toastBlocks = async () => {
  await flushStatistics(db);
  const { rows } = await sql<{ blocks: number }>`
    select coalesce(toast_blks_read, 0) + coalesce(toast_blks_hit, 0) as blocks
    from pg_statio_user_tables where relname = 'products'`.execute(db);
  return Number(rows[0]?.blocks ?? 0);
};

it('reads a large document once for all the paths it looks up', async () => {
  const companyId = await insertCompany(db, '한 번', 'SUP-ONCE');
  // ≈ 1 MB that does not compress: stored out of line, ≈ 125 TOAST pages
  const options = Array.from({ length: 100 }, (_, i) => ({
    sourceKey: `옵션${i}`,
    memo: randomBytes(7_500).toString('base64'),
  }));
  const id = await insertProductDoc(db, companyId, 'ONCE-1', { productName: '큰 상품', options });
  const { rows } = await sql<{ stored: number }>`
    select pg_column_size(doc) as stored from products where id = ${id}`.execute(db);
  const docBlocks = Math.ceil(rows[0]!.stored / 8_192); // four TOAST chunks of ≈ 2 KB to a page

  const before = await toastBlocks();
  const paths = options.map((_, i) => `options.${i}.sourceKey`);
  const found = (await findPathValues(db, companyId, id, paths)) as {
    options: Record<number, { sourceKey: string }>;
  };
  const read = (await toastBlocks()) - before;

  expect(options.map((_, i) => found.options[i]?.sourceKey)).toEqual(options.map((o) => o.sourceKey));
  expect(docBlocks).toBeGreaterThan(100);
  // once (with the index pages of the TOAST table), never once per path
  expect(read).toBeGreaterThanOrEqual(docBlocks);
  expect(read).toBeLessThan(docBlocks * 3);
});
