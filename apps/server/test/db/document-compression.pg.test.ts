import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LZ4_COLUMNS, serverHasLz4 } from '../../src/db/migrations/0032-lz4-documents.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 21: large documents are compressed with LZ4 where the server has it (pglz spent most of a
// 9 MB document's insert); a server without it (the embedded PostgreSQL) keeps its default.

const { db } = await createTestDb();
const lz4 = await serverHasLz4(db);

describe('document compression', () => {
  it(`sets LZ4 on the large jsonb columns only where the server has it (here: ${lz4 ? 'yes' : 'no'})`, async () => {
    const { rows } = await sql<{ table: string; column: string; compression: string }>`
      select c.relname as table, a.attname as column, a.attcompression as compression
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in (${sql.join([...new Set(LZ4_COLUMNS.map(([t]) => t))])}) and a.attnum > 0`.execute(
      db,
    );
    for (const [table, column] of LZ4_COLUMNS) {
      const found = rows.find((r) => r.table === table && r.column === column);
      expect(found, `${table}.${column}`).toBeDefined();
      expect(found!.compression).toBe(lz4 ? 'l' : '');
    }
  });

  it('stores a large product document compressed and reads it back whole', async () => {
    const company = await sql<{ id: string }>`
      insert into companies (name, supplier_code) values ('압축', 'SUP-LZ4') returning id`.execute(db);
    const doc = {
      productName: '압축 시험 상품',
      options: Array.from({ length: 2_000 }, (_, i) => ({ sourceKey: `옵션${i}`, korName: `흰색 ${i}호` })),
    };
    await sql`insert into products (company_id, registration_id, doc)
      values (${company.rows[0]!.id}, 'LZ4-1', ${JSON.stringify(doc)}::jsonb)`.execute(db);
    const { rows } = await sql<{ method: string | null; stored: number; raw: number; doc: unknown }>`
      select pg_column_compression(doc) as method, pg_column_size(doc) as stored,
             pg_column_size(doc || '{}'::jsonb) as raw, doc
      from products where registration_id = 'LZ4-1'`.execute(db);
    expect(rows[0]!.method).toBe(lz4 ? 'lz4' : 'pglz');
    expect(rows[0]!.stored).toBeLessThan(rows[0]!.raw / 2);
    expect(rows[0]!.doc).toEqual(doc);
  });
});
