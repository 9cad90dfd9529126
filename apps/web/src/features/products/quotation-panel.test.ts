import { RocketProduct } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { failedOptionNumbers, quotationSourceText } from './quotation-panel';

const product = RocketProduct.parse({
  _id: 'p1',
  registrationId: 'R',
  options: [
    { optionNumber: 'R001', quotationStatus: 'completed' },
    { optionNumber: 'R002', quotationStatus: 'error' },
    { optionNumber: 'R003', quotationStatus: 'completed' },
  ],
  processError: { message: '2개 옵션에서 오류가 발생했습니다.', failedOptions: ['R003'] },
  quotation: {
    options: [
      {
        optionNumber: 'R001',
        attributes: [
          { type: 'exposed', name: '색상', value: '흰색', source: '白色' },
          { type: 'unexposed', name: '길이', value: null },
        ],
      },
    ],
  },
});

describe('quotation tab helpers', () => {
  it('the reprocess button counts options in error and those processError lists', () => {
    expect(failedOptionNumbers(product)).toEqual(['R002', 'R003']);
    expect(failedOptionNumbers({ ...product, processError: null, options: [] })).toEqual([]);
  });

  it('an AI value shows the 1688 text it came from, found by option number and attribute name', () => {
    expect(quotationSourceText(product, 'R001', '색상')).toBe('白色');
    expect(quotationSourceText(product, 'R001', '길이')).toBeUndefined();
    expect(quotationSourceText(product, 'R002', '색상')).toBeUndefined();
    expect(quotationSourceText(product, undefined, '색상')).toBeUndefined();
  });
});
