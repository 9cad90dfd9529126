import { parseStoredProduct } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import {
  isStatusField,
  type ProductRow,
  planFieldWrite,
  retryPlanned,
} from '../../src/products/product-store.ts';
import { parseUpdateFields } from '../../src/products/update-paths.ts';

// The ProductStore's rules without a database (issue 40): the planned write's race rule, a task's
// write against the seller's edits, and the status paths a client may not write. The same rules on
// PostgreSQL: test/products/product-store.pg.test.ts.

function rowOf(doc: Record<string, unknown>): ProductRow {
  const parsed = parseStoredProduct(doc);
  return {
    id: '11111111-1111-4111-8111-111111111111',
    registration_id: 'TEST-000001',
    doc: parsed.product,
    setAside: parsed.setAside,
    completeness: 0,
    created_at: new Date(0),
    updated_at: new Date(0),
  };
}

describe('retryPlanned (a planned write and its lost races)', () => {
  it('a race lost twice is planned again and written on the third attempt, without the row lock', async () => {
    const answers: ({ result: string } | 'conflict')[] = ['conflict', 'conflict', { result: 'written' }];
    let attempts = 0;
    let locked = 0;
    const result = await retryPlanned(
      async () => answers[attempts++]!,
      async () => {
        locked++;
        return { result: 'under lock' };
      },
    );
    expect(result).toBe('written');
    expect(attempts).toBe(3);
    expect(locked).toBe(0);
  });

  it('after three lost races it is planned once more under the row lock', async () => {
    let attempts = 0;
    let locked = 0;
    const result = await retryPlanned(
      async () => {
        attempts++;
        return 'conflict';
      },
      async () => {
        locked++;
        return { result: 'under lock' };
      },
    );
    expect(result).toBe('under lock');
    expect(attempts).toBe(3);
    expect(locked).toBe(1);
  });

  it('a conflict under the row lock is an error, not a silent loss', async () => {
    await expect(
      retryPlanned(
        async () => 'conflict' as const,
        async () => 'conflict' as const,
      ),
    ).rejects.toThrow('product changed under a row lock');
  });
});

describe("planFieldWrite (a task's write and the seller's edits)", () => {
  const doc = {
    productName: '纯棉T恤',
    seo: { productName: '판매자 이름', keywords: ['셔츠'] },
    options: [{ optionNumber: 'A-001', korName: '빨강' }],
    fieldSources: { 'seo.productName': 'seller' },
  };

  it('skips a field the seller edited and records the written ones as the task source', () => {
    const planned = planFieldWrite(
      rowOf(doc),
      { 'seo.productName': 'AI 이름', 'seo.keywords': ['티셔츠'], 'options.0.korName': '레드' },
      { source: 'ai' },
    );
    expect(planned.result.skipped).toEqual(['seo.productName']);
    expect(planned.result.written.sort()).toEqual(['options.0.korName', 'seo.keywords']);
    expect(planned.set).toEqual({ 'seo.keywords': ['티셔츠'], 'options.0.korName': '레드' });
    expect(planned.serverFields?.fieldSources).toEqual({
      'seo.productName': 'seller',
      'seo.keywords': 'ai',
      'options.0.korName': 'ai',
    });
  });

  it("the seller's own request (sellerAsked) replaces the seller's value, which becomes the task's", () => {
    const planned = planFieldWrite(
      rowOf(doc),
      { 'seo.productName': '다시 만든 이름' },
      { sellerAsked: true },
    );
    expect(planned.result).toEqual({ written: ['seo.productName'], skipped: [] });
    expect(planned.serverFields?.fieldSources).toEqual({ 'seo.productName': 'ai' });
  });

  it('nothing to write when every path is the seller’s: no change at all', () => {
    const planned = planFieldWrite(rowOf(doc), { 'seo.productName': 'AI 이름' });
    expect(planned).toEqual({ result: { written: [], skipped: ['seo.productName'] } });
  });
});

describe('task status paths', () => {
  it("a client's partial update may not write one (product, option, detail status record)", () => {
    for (const path of ['seoStatus', 'options.0.mainImageStatus', 'detailImageStatusObj']) {
      const parsed = parseUpdateFields({ [path]: 'completed' });
      expect(parsed).toEqual({
        ok: false,
        problems: [{ path, reason: 'a task status is written by the workflow' }],
      });
    }
    expect(parseUpdateFields({ 'seo.productName': '이름' }).ok).toBe(true);
  });

  it("the store's writes refuse a product's task status field; an option's task state is data", () => {
    expect(isStatusField('seoStatus')).toBe(true);
    expect(isStatusField('registerStatus')).toBe(true);
    expect(isStatusField('options.0.mainImageStatus')).toBe(false);
    expect(isStatusField('options.0.quotationStatus')).toBe(false);
    expect(isStatusField('importStatus')).toBe(false);
  });
});
