// Issue 41: which of our products and options a Coupang vendor item is. A product registered on
// Coupang carries its sellerProductId (coupangRegistration); the synced order lines give that seller
// product's vendor items with their names. Within one seller product, an item is the option whose
// Korean name its name contains (the longest such name wins); the rest pair up in order (Coupang
// numbers the items as they were sent, and we send the options in order). Pure: no I/O.

export type LinkableProduct = {
  productId: string;
  sellerProductId: string;
  options: { optionNumber: string | null; name: string; yuan: number | null; weightG: number | null }[];
};

export type ItemLink = {
  vendorItemId: string;
  productId: string;
  optionNumber: string | null;
  unitYuan: number | null;
  unitWeightKg: number | null;
  moq: number | null;
  commissionPercent: number | null;
};

export function linkItems(
  products: readonly LinkableProduct[],
  itemsBySellerProduct: ReadonlyMap<string, readonly { vendorItemId: string; name: string }[]>,
): ItemLink[] {
  const links: ItemLink[] = [];
  for (const product of products) {
    const items = itemsBySellerProduct.get(product.sellerProductId);
    if (!items || product.options.length === 0) continue;
    const free = new Set(product.options.map((_, i) => i));
    const chosen = new Map<string, number>();
    for (const item of items) {
      let best = -1;
      for (const i of free) {
        const name = product.options[i]!.name.trim();
        if (
          name &&
          item.name.includes(name) &&
          (best < 0 || name.length > product.options[best]!.name.trim().length)
        )
          best = i;
      }
      if (best >= 0) {
        chosen.set(item.vendorItemId, best);
        free.delete(best);
      }
    }
    const rest = [...free].sort((a, b) => a - b);
    for (const item of items)
      if (!chosen.has(item.vendorItemId) && rest.length > 0) chosen.set(item.vendorItemId, rest.shift()!);
    for (const [vendorItemId, i] of chosen) {
      const o = product.options[i]!;
      links.push({
        vendorItemId,
        productId: product.productId,
        optionNumber: o.optionNumber,
        unitYuan: o.yuan,
        unitWeightKg: o.weightG === null ? null : o.weightG / 1000,
        moq: null,
        commissionPercent: null,
      });
    }
  }
  return links;
}
