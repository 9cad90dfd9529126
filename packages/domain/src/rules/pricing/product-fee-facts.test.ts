import { describe, expect, it } from 'vitest';
import { productFeeFacts } from './product-fee-facts.ts';

const option = { optionNumber: 'R1001' };

describe('productFeeFacts: the category path and one unit’s box', () => {
  it.each([
    [
      'the chosen category and the registration document’s box',
      {
        categoryPath: '생활용품',
        rocketRegInfo: { categoryPath: '가구/홈데코>가구', displayCategoryCode: 1, schemaString: '{}' },
        coupangDoc: {
          jsonDocument: [{ logisticsPage: { skuUnitBoxDimension: '330*220*120', skuUnitBoxWeight: '800' } }],
        },
        options: [{ ...option, sizeCm: { length: 1, width: 1, height: 1 }, weightG: 1 }],
      },
      { categoryPath: '가구/홈데코>가구', box: { sidesMm: [330, 220, 120], weightG: 800 } },
    ],
    [
      'the imported category; the option’s own document',
      {
        categoryPath: '생활용품>욕실용품',
        options: [
          {
            ...option,
            coupangDoc: { logisticsPage: { skuUnitBoxDimension: '100*50*20', skuUnitBoxWeight: 90 } },
          },
        ],
      },
      { categoryPath: '생활용품>욕실용품', box: { sidesMm: [100, 50, 20], weightG: 90 } },
    ],
    [
      'no document: the source’s pack size (cm) and weight',
      { options: [{ ...option, sizeCm: { length: 30, width: 20, height: 1.5 }, weightG: 413 }] },
      { categoryPath: null, box: { sidesMm: [300, 200, 15], weightG: 413 } },
    ],
    [
      'a pack size without one side: no box',
      { options: [{ ...option, sizeCm: { length: 30, width: null, height: 2 }, weightG: 413 }] },
      { categoryPath: null, box: null },
    ],
    ['nothing known', { options: [option] }, { categoryPath: null, box: null }],
  ] as const)('%s', (_name, product, facts) => {
    // biome-ignore lint/suspicious/noExplicitAny: partial stored products, as the table reads them.
    expect(productFeeFacts(product as any, 0)).toEqual(facts);
  });

  it('reads the document of the option asked for', () => {
    const product = {
      coupangDoc: {
        jsonDocument: [
          { logisticsPage: { skuUnitBoxDimension: '10*10*10', skuUnitBoxWeight: '10' } },
          { logisticsPage: { skuUnitBoxDimension: '20*20*20', skuUnitBoxWeight: '20' } },
        ],
      },
      options: [option, { optionNumber: 'R1002' }],
    };
    // biome-ignore lint/suspicious/noExplicitAny: a partial stored product.
    expect(productFeeFacts(product as any, 1).box).toEqual({ sidesMm: [20, 20, 20], weightG: 20 });
  });
});
