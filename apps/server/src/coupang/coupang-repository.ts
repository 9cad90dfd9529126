import type { ProductStore } from '../products/product-store.ts';

// The approval sync's reads: the products whose review on Coupang is still open. The products table
// is the products module's: asked through the ProductStore (issue 40), never queried here.

/** The approval sync's reads, built once by the container (`createCoupangRepository(productStore)`). */
export type CoupangRepository = {
  /** The products whose review on Coupang is still open, the longest unchecked first. */
  findProductsUnderReview(limit: number): Promise<{ companyId: string; productId: string }[]>;
};

export function createCoupangRepository(products: Pick<ProductStore, 'underReview'>): CoupangRepository {
  return { findProductsUnderReview: (limit) => products.underReview(limit) };
}
