import { describe, expect, it } from 'vitest';
import { calculatePricing } from './calculate-pricing.ts';

describe('calculatePricing', () => {
  it.each([[undefined], [[]]])('needs options (%o)', (options) => {
    const r = calculatePricing(options);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.code).toBe('noProductOrOptions');
  });

  it('prices every option with defaulted info', () => {
    const r = calculatePricing([
      { optionNumber: 'R1001', optionName: '빨강', price: 10 },
      { optionNumber: 'R1002', price: 20 },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.info.exchangeRate).toBe(350);
    expect(r.value.options).toEqual([
      expect.objectContaining({
        optionNumber: 'R1001',
        optionName: '빨강',
        supplyPrice: 5800,
        sellingPrice: 9700,
        msrp: 12600,
      }),
      expect.objectContaining({
        optionNumber: 'R1002',
        supplyPrice: 11700,
        sellingPrice: 19500,
        msrp: 25400,
      }),
    ]);
  });
});

import { toDocumentPrices } from './to-document-prices.ts';

describe('toDocumentPrices', () => {
  it('maps supply → purchasePrice, selling → coupangSalePrice', () => {
    expect(toDocumentPrices({ supplyPrice: 5800, sellingPrice: 9700, msrp: 12600 })).toEqual({
      purchasePrice: 5800,
      coupangSalePrice: 9700,
      msrp: 12600,
    });
  });
});
