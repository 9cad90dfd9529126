// Issue 41: which of our products and options a Coupang vendor item is. A product registered on
// Coupang carries its sellerProductId (coupangRegistration); the synced order lines give that seller
// product's vendor items with their names. One Coupang item sold on both channels has two vendor
// items (its marketplace and its Rocket Growth one) under the same item name: both are the same
// option. Within one seller product (the options of every product that carries it: a split after the
// registration copies it), an item is the option whose Korean name parts its name all contains (the
// longest such name wins); the rest pair up in order (Coupang numbers the items as they were sent,
// and we send the options in order). A link then follows its option by the option's stable identity
// (its 1688 offer and source key), wherever a split moved it (resolveLinks). Pure: no I/O.

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

/** The words of an option's name: each must be in the item's name (Coupang's names add words between). */
const wordsOf = (name: string) => name.trim().split(/\s+/).filter(Boolean);

export function linkItems(
  products: readonly LinkableProduct[],
  itemsBySellerProduct: ReadonlyMap<string, readonly { vendorItemId: string; name: string }[]>,
): ItemLink[] {
  const links: ItemLink[] = [];
  // Every product carrying a seller product pools its options (a split's products share one listing).
  const pools = new Map<string, { productId: string; option: LinkableProduct['options'][number] }[]>();
  for (const product of products) {
    const pool = pools.get(product.sellerProductId) ?? [];
    for (const option of product.options) pool.push({ productId: product.productId, option });
    pools.set(product.sellerProductId, pool);
  }
  for (const [sellerProductId, pool] of pools) {
    const items = itemsBySellerProduct.get(sellerProductId);
    if (!items || pool.length === 0) continue;
    // One Coupang item, its channels' vendor items: the same name.
    const groups = new Map<string, string[]>();
    for (const item of items) {
      const key = item.name.trim();
      groups.set(key, [...(groups.get(key) ?? []), item.vendorItemId]);
    }
    const free = new Set(pool.map((_, i) => i));
    const chosen = new Map<string, number>();
    const score = (i: number) => wordsOf(pool[i]!.option.name).join('').length;
    for (const name of groups.keys()) {
      let best = -1;
      for (const i of free) {
        const words = wordsOf(pool[i]!.option.name);
        if (words.length > 0 && words.every((w) => name.includes(w)) && (best < 0 || score(i) > score(best)))
          best = i;
      }
      if (best >= 0) {
        chosen.set(name, best);
        free.delete(best);
      }
    }
    const rest = [...free].sort((a, b) => a - b);
    for (const name of groups.keys())
      if (!chosen.has(name) && rest.length > 0) chosen.set(name, rest.shift()!);
    for (const [name, i] of chosen) {
      const { productId, option: o } = pool[i]!;
      for (const vendorItemId of groups.get(name) ?? [])
        links.push({
          vendorItemId,
          productId,
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

/**
 * Places the vendor items whose lines name no seller product (Coupang's Rocket Growth orders carry only
 * the vendor item and its name) beside the items of the one seller product that has an item of the
 * same name (the same item's marketplace vendor item); an item whose name no seller product has, or
 * more than one has, stays unplaced.
 */
export function placeByName(
  itemsBySellerProduct: ReadonlyMap<string, readonly { vendorItemId: string; name: string }[]>,
  unplaced: readonly { vendorItemId: string; name: string }[],
): Map<string, { vendorItemId: string; name: string }[]> {
  const out = new Map([...itemsBySellerProduct].map(([sp, items]) => [sp, [...items]]));
  const owners = new Map<string, Set<string>>();
  const placed = new Set<string>();
  for (const [sp, items] of out)
    for (const item of items) {
      owners.set(item.name.trim(), (owners.get(item.name.trim()) ?? new Set()).add(sp));
      placed.add(item.vendorItemId);
    }
  for (const item of unplaced) {
    const sps = owners.get(item.name.trim());
    if (placed.has(item.vendorItemId) || !sps || sps.size !== 1) continue;
    out.get([...sps][0]!)!.push(item);
    placed.add(item.vendorItemId);
  }
  return out;
}

/** A link as stored, with what it knows of its option's identity and the offer's purchase terms. */
export type StoredLink = {
  vendorItemId: string;
  productId: string;
  optionNumber: string | null;
  offerId: string | null;
  sourceKey: string | null;
  unitYuan: number | null;
  unitWeightKg: number | null;
  moq: number | null;
  priceTiers: { minQuantity: number; price: number }[] | null;
};

/** One option of one of the company's products as it is now (container: read through the ProductStore). */
export type OptionHolder = {
  productId: string;
  offerId: string | null;
  optionNumber: string | null;
  sourceKey: string | null;
  yuan: number | null;
  weightG: number | null;
  moq: number | null;
  priceTiers: { minQuantity: number; price: number }[] | null;
};

const sameTiers = (a: StoredLink['priceTiers'], b: StoredLink['priceTiers']) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Where each link's option is now, and the links that must change: an option is found by its
 * identity (offer and source key: a split moves it to another product and renumbers it, the identity
 * stays), else, for a link made before the identity was kept, by its product and option number (and
 * the identity is kept from then on). The product the link names wins when it still holds the option;
 * a link whose option is nowhere is left as it is (its cost stays). The changed links carry the
 * option's current product, number, identity, cost and the offer's MOQ and tiers.
 */
export function resolveLinks(links: readonly StoredLink[], holders: readonly OptionHolder[]): StoredLink[] {
  const changed: StoredLink[] = [];
  for (const link of links) {
    const candidates =
      link.offerId && link.sourceKey
        ? holders.filter((h) => h.offerId === link.offerId && h.sourceKey === link.sourceKey)
        : holders.filter(
            (h) =>
              h.productId === link.productId &&
              h.optionNumber !== null &&
              h.optionNumber === link.optionNumber,
          );
    const h = candidates.find((c) => c.productId === link.productId) ?? candidates[0];
    if (!h) continue;
    const next: StoredLink = {
      vendorItemId: link.vendorItemId,
      productId: h.productId,
      optionNumber: h.optionNumber,
      offerId: h.offerId,
      sourceKey: h.sourceKey,
      unitYuan: h.yuan,
      unitWeightKg: h.weightG === null ? null : h.weightG / 1000,
      moq: h.moq,
      priceTiers: h.priceTiers,
    };
    const same =
      next.productId === link.productId &&
      next.optionNumber === link.optionNumber &&
      next.offerId === link.offerId &&
      next.sourceKey === link.sourceKey &&
      next.unitYuan === link.unitYuan &&
      next.unitWeightKg === link.unitWeightKg &&
      next.moq === link.moq &&
      sameTiers(next.priceTiers, link.priceTiers);
    if (!same) changed.push(next);
  }
  return changed;
}
