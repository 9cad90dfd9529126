import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.ts';
import { findPathValues } from '../../src/products/product-repository.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: each mention of a stored (TOASTed) document in a statement fetches all of it again. A
// partial update's read of 200 paths of a large document used to fetch it 200 times (500 paths of a
// 9 MB document: 2.2 s of the database's time); it is now fetched once. Counted in TOAST blocks read
// (pg_statio_user_tables), not timed.

const { url } = await createTestDb();
const db = createDb(url, { max: 1 }); // one session: its statistics are flushed on request
afterAll(() => db.destroy());

const toastBlocks = async () => {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db); // the flush happens when the session goes idle after a statement
  const { rows } = await sql<{ blocks: number }>`
    select coalesce(toast_blks_read, 0) + coalesce(toast_blks_hit, 0) as blocks
    from pg_statio_user_tables where relname = 'products'`.execute(db);
  return Number(rows[0]?.blocks ?? 0);
};

it('reads a large document once for all the paths it looks up', async () => {
  const company = await sql<{ id: string }>`
    insert into companies (name, supplier_code) values ('한 번', 'SUP-ONCE') returning id`.execute(db);
  const companyId = company.rows[0]!.id;
  // ≈ 1 MB that does not compress: stored out of line, ≈ 125 TOAST pages
  const options = Array.from({ length: 100 }, (_, i) => ({
    sourceKey: `옵션${i}`,
    memo: randomBytes(7_500).toString('base64'),
  }));
  const row = await sql<{ id: string }>`
    insert into products (company_id, registration_id, doc)
    values (${companyId}, 'ONCE-1', ${JSON.stringify({ productName: '큰 상품', options })}::jsonb) returning id`.execute(
    db,
  );
  const id = row.rows[0]!.id;
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
