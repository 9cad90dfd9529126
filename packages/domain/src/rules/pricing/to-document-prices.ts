import type { OptionPrice } from './calculate-option-price.ts';

/**
 * The registration document's prices from an option's pricing: the document's purchasePrice is our
 * supply price (공급가, what the marketplace pays), coupangSalePrice the selling price, msrp the MSRP.
 */
export function toDocumentPrices(price: Pick<OptionPrice, 'supplyPrice' | 'sellingPrice' | 'msrp'>): {
  purchasePrice: number;
  coupangSalePrice: number;
  msrp: number;
} {
  return { purchasePrice: price.supplyPrice, coupangSalePrice: price.sellingPrice, msrp: price.msrp };
}
