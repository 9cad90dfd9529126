import type { SourceOffer, SourceOption } from './schema.ts';

export interface SourceOfferDiff {
  offerId: string;
  title: { from: string; to: string } | null;
  added: SourceOption[];
  removed: SourceOption[];
  priceChanges: { sourceKey: string; fromFen: number | null; toFen: number | null }[];
  stockChanges: { sourceKey: string; from: number | null; to: number | null }[];
  minOrderQuantity: { from: number | null; to: number | null } | null;
  tiersChanged: boolean;
  /**
   * Every changed field as one flat list (for the screen and the stored diff): product fields have
   * `sourceKey: null` (`title`, `minOrderQuantity`, `priceTiers`, and `detailImages` / `attributes`
   * as counts); option fields are `priceFen`, `stock`, `skuId`, `specId`, `weightG`.
   */
  changes: { field: string; sourceKey: string | null; before: unknown; after: unknown }[];
  /** Options present in both with the same price and stock. */
  unchanged: number;
  hasChanges: boolean;
}

/**
 * What a re-import changes, by option source key (the original Chinese combination): options added
 * and gone, price and stock changes, the title, MOQ and quantity tiers. Data for the screen; applying
 * it (without touching what the seller edited) is the caller's job.
 */
export function diffSourceOffers(previous: SourceOffer, next: SourceOffer): SourceOfferDiff {
  const before = new Map(previous.options.map((o) => [o.sourceKey, o]));
  const after = new Map(next.options.map((o) => [o.sourceKey, o]));
  const added = next.options.filter((o) => !before.has(o.sourceKey));
  const removed = previous.options.filter((o) => !after.has(o.sourceKey));
  const priceChanges: SourceOfferDiff['priceChanges'] = [];
  const stockChanges: SourceOfferDiff['stockChanges'] = [];
  const changes: SourceOfferDiff['changes'] = [];
  let unchanged = 0;
  for (const o of next.options) {
    const old = before.get(o.sourceKey);
    if (!old) continue;
    let same = true;
    if (old.priceFen !== o.priceFen) {
      priceChanges.push({ sourceKey: o.sourceKey, fromFen: old.priceFen, toFen: o.priceFen });
      same = false;
    }
    if (old.stock !== o.stock) {
      stockChanges.push({ sourceKey: o.sourceKey, from: old.stock, to: o.stock });
      same = false;
    }
    if (same) unchanged++;
    for (const field of ['priceFen', 'stock', 'skuId', 'specId', 'weightG'] as const) {
      if (old[field] !== o[field])
        changes.push({ field, sourceKey: o.sourceKey, before: old[field], after: o[field] });
    }
  }
  const title = previous.title !== next.title ? { from: previous.title, to: next.title } : null;
  const minOrderQuantity =
    previous.minOrderQuantity !== next.minOrderQuantity
      ? { from: previous.minOrderQuantity, to: next.minOrderQuantity }
      : null;
  const tiersChanged =
    previous.priceTiers.length !== next.priceTiers.length ||
    previous.priceTiers.some(
      (t, i) =>
        t.minQuantity !== next.priceTiers[i]?.minQuantity || t.priceFen !== next.priceTiers[i]?.priceFen,
    );
  if (title) changes.unshift({ field: 'title', sourceKey: null, before: title.from, after: title.to });
  if (minOrderQuantity) {
    changes.push({
      field: 'minOrderQuantity',
      sourceKey: null,
      before: minOrderQuantity.from,
      after: minOrderQuantity.to,
    });
  }
  if (tiersChanged) {
    changes.push({
      field: 'priceTiers',
      sourceKey: null,
      before: previous.priceTiers,
      after: next.priceTiers,
    });
  }
  // The description images and the attributes, shown as counts (a re-capture that now has the
  // description, or the attributes an older import missed, is a change the seller sees).
  if (!sameList(previous.detailImages, next.detailImages)) {
    changes.push({
      field: 'detailImages',
      sourceKey: null,
      before: previous.detailImages.length,
      after: next.detailImages.length,
    });
  }
  const attributeText = (o: SourceOffer) => o.attributes.map((a) => `${a.name}\u0000${a.value}`);
  if (!sameList(attributeText(previous), attributeText(next))) {
    changes.push({
      field: 'attributes',
      sourceKey: null,
      before: previous.attributes.length,
      after: next.attributes.length,
    });
  }
  const hasChanges =
    added.length > 0 ||
    removed.length > 0 ||
    priceChanges.length > 0 ||
    stockChanges.length > 0 ||
    title !== null ||
    minOrderQuantity !== null ||
    tiersChanged ||
    changes.length > 0;
  return {
    offerId: next.offerId,
    title,
    added,
    removed,
    priceChanges,
    stockChanges,
    minOrderQuantity,
    tiersChanged,
    changes,
    unchanged,
    hasChanges,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
