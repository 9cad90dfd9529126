import { describe, expect, it } from 'vitest';
import { readRequiredFields } from './read-required-fields.ts';

const schema = {
  type: 'object',
  properties: {
    jsonDocument: {
      type: 'array',
      items: {
        properties: {
          productPage: {
            required: ['modelNumber', 'commonAttributes'],
            properties: {
              modelNumber: { type: 'string', title: '모델명' },
              commonAttributes: {
                required: ['purchasePrice'],
                properties: { purchasePrice: { type: ['integer', 'null'], title: '공급가' } },
              },
            },
          },
          logisticsPage: {
            required: ['totalSKUsInBox'],
            properties: { totalSKUsInBox: { type: 'integer' } },
          },
          sourcingPage: { required: ['sourcingChannelType'] },
          imagePage: { required: ['images'], properties: { images: { type: 'object' } } },
        },
      },
    },
  },
};

describe('readRequiredFields (schemaString → required fields per section)', () => {
  it('reads required fields, skipping sourcingPage', () => {
    expect(readRequiredFields(JSON.stringify(schema))).toEqual([
      { section: 'productPage', path: 'modelNumber', title: '모델명', type: 'string' },
      { section: 'productPage', path: 'commonAttributes.purchasePrice', title: '공급가', type: 'integer' },
      { section: 'imagePage', path: 'images', title: 'images', type: 'object' },
      { section: 'logisticsPage', path: 'totalSKUsInBox', title: 'totalSKUsInBox', type: 'integer' },
    ]);
  });

  it.each([
    [''],
    ['not json'],
    [null],
    ['null'],
    ['{"properties":{"legalPage":{"required":["x"],"properties":{"x":{"type":"weird"}}}}}'],
  ])('copes with %o', (input) => {
    const out = readRequiredFields(input);
    expect(Array.isArray(out)).toBe(true);
  });

  it('reads a bare document schema', () => {
    expect(
      readRequiredFields(JSON.stringify({ properties: { legalPage: { required: ['kcMarkType'] } } })),
    ).toEqual([{ section: 'legalPage', path: 'kcMarkType', title: 'kcMarkType', type: 'string' }]);
  });
});
