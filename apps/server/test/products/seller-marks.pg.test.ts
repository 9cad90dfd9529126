import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProductRepository } from '../../src/products/product-data-repository.ts';
import { applyPartialUpdate } from '../../src/products/product-writes.ts';
import { parseUpdateFields } from '../../src/products/update-paths.ts';
import { createTestDb } from '../support/test-db.ts';

// A path the seller writes is marked as theirs in doc.fieldSources, and the older marks it covers
// (the path itself and everything below it) are dropped, nothing else. The marks are filtered inside
// the UPDATE by two array scans (issue 21: the earlier per-mark prefix test took 1.8 s for 10,000
// marks and 500 paths).

const { db } = await createTestDb();

async function productWithMarks(fieldSources: Record<string, string>) {
  const company = await sql<{ id: string }>`
    insert into companies (name, supplier_code) values ('표시', ${`SUP-${Math.random()}`}) returning id`.execute(
    db,
  );
  const companyId = company.rows[0]!.id;
  const doc = {
    productName: '표시 상품',
    options: [{ sourceKey: '흰색' }, { sourceKey: '검정' }],
    fieldSources,
  };
  const row = await sql<{ id: string }>`
    insert into products (company_id, registration_id, doc)
    values (${companyId}, 'MARK-1', ${JSON.stringify(doc)}::jsonb) returning id`.execute(db);
  return { companyId, id: row.rows[0]!.id };
}

const marksOf = async (id: string) =>
  (
    await sql<{
      marks: Record<string, string>;
    }>`select doc -> 'fieldSources' as marks from products where id = ${id}`.execute(db)
  ).rows[0]!.marks;

describe('seller marks of a partial update', () => {
  it('drops the marks at and below the written path, and keeps those that only share its first letters', async () => {
    const { companyId, id } = await productWithMarks({
      'options.1': 'ai',
      'options.1.korName': 'ai',
      'options.1.price.sale': 'ai',
      'options.10.korName': 'ai',
      'options.1x': 'ai',
      productName: 'ai',
    });
    const parsed = parseUpdateFields({ 'options.1': { sourceKey: '빨강' } });
    if (!parsed.ok) throw new Error('paths');
    await applyPartialUpdate(createProductRepository(db), companyId, id, parsed.updates, {
      sellerPaths: ['options.1'],
    });
    expect(await marksOf(id)).toEqual({
      'options.1': 'seller',
      'options.10.korName': 'ai',
      'options.1x': 'ai',
      productName: 'ai',
    });
  });

  it('keeps every other mark of a large map and marks all written paths', async () => {
    const old = Object.fromEntries(
      Array.from({ length: 3_000 }, (_, i) => [`options.${i % 1000}.abuse.r${Math.floor(i / 1000)}`, 'ai']),
    );
    const { companyId, id } = await productWithMarks(old);
    const written = Array.from({ length: 500 }, (_, i) => `options.${i}.abuse.r1`);
    const parsed = parseUpdateFields(Object.fromEntries(written.map((p, i) => [p, i])));
    if (!parsed.ok) throw new Error('paths');
    await applyPartialUpdate(createProductRepository(db), companyId, id, parsed.updates, {
      sellerPaths: written,
    });
    const marks = await marksOf(id);
    expect(Object.keys(marks)).toHaveLength(3_000);
    expect(written.every((p) => marks[p] === 'seller')).toBe(true);
    expect(marks['options.500.abuse.r1']).toBe('ai');
    expect(marks['options.0.abuse.r0']).toBe('ai');
  });
});
