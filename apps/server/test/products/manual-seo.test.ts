import { describe, expect, it } from 'vitest';
import { saveManualSeo } from '../../src/products/manual-seo.ts';
import { createFakeProducts } from '../support/fake-task-deps.ts';

// Manual SEO on a fake ProductStore (no database, issue 40): the seller's action writes through the
// store's seller write (marks) and sets the SEO task's status through its one status method; a
// later task write leaves what the seller typed alone.

const COMPANY = 'company-1';

function setup() {
  const products = createFakeProducts();
  const id = products.add({
    productName: '纯棉T恤',
    seoStatus: 'error',
    options: [
      { optionNumber: 'A-001', korName: '빨강' },
      { optionNumber: 'A-002', korName: '파랑' },
    ],
  });
  return { products, id };
}

describe('saveManualSeo (fake store)', () => {
  it("writes the seller's SEO as the seller's, the option names with it, and completes the SEO task", async () => {
    const { products, id } = setup();
    const answer = await saveManualSeo(products, COMPANY, {
      productId: id,
      seo: {
        productName: '면 티셔츠',
        keywords: ['티셔츠'],
        features: ['부드러움', '  '],
        options: [{ optionNumber: 'A-002', korName: '네이비' }],
      },
    });
    const doc = products.docOf(id);
    expect(doc.seoStatus).toBe('completed');
    expect(doc.seo.productName).toBe('면 티셔츠');
    expect(doc.seo.features).toEqual(['부드러움']);
    expect(doc.options.map((o: { korName: string }) => o.korName)).toEqual(['빨강', '네이비']);
    // What changed is marked (the product had no SEO: the whole of it), the unchanged name is not.
    expect(doc.fieldSources).toEqual({ seo: 'seller', 'options.1.korName': 'seller' });
    expect(answer.seoStatus).toBe('completed');

    // A task's write later: the seller's values are skipped, the rest written.
    const write = await products.writeFields(
      { companyId: COMPANY, productId: id },
      { 'seo.productName': 'AI 이름', 'options.0.korName': 'AI 빨강', 'options.1.korName': 'AI 파랑' },
    );
    expect(write.skipped.sort()).toEqual(['options.1.korName', 'seo.productName']);
    expect(write.written).toEqual(['options.0.korName']);
    expect(products.docOf(id).seo.productName).toBe('면 티셔츠');
  });

  it('refuses a blank product name with the spec message and changes nothing', async () => {
    const { products, id } = setup();
    const before = products.docOf(id);
    await expect(
      saveManualSeo(products, COMPANY, { productId: id, seo: { productName: '  ' } }),
    ).rejects.toMatchObject({ code: 'seo_product_name_required', kind: 'invalid' });
    expect(products.docOf(id)).toEqual(before);
  });

  it('a product that is not there is not found', async () => {
    const { products } = setup();
    await expect(
      saveManualSeo(products, COMPANY, {
        productId: '00000000-0000-4000-8000-000000000000',
        seo: { productName: '이름' },
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('a task status never goes through a product write (the fake refuses it as the store does)', async () => {
    const { products, id } = setup();
    await expect(
      products.writeAsSeller(
        { companyId: COMPANY, productId: id },
        [{ segments: ['seoStatus'], value: 'x' }],
        [],
      ),
    ).rejects.toThrow(/setTaskStatus/);
    expect(products.docOf(id).seoStatus).toBe('error');
  });
});
