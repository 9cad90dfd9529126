import { TASK_STATUS_FIELD_LIST } from '../tasks/task-registry.ts';
import type { SourceOffer, SourceOption } from './schema.ts';

// A parsed 1688 offer (domain SourceOffer) → the product document's source-derived fields.
// Source data and seller edits stay apart: the Chinese source key is the option key, the option's
// `name` values are the Chinese axis values, and translated / edited names are separate fields
// (`nameTrans`, `korName`) that an import never writes.

export const offerUrl = (offerId: string) => `https://detail.1688.com/offer/${offerId}.html`;

/** The option fields an import owns (compared three ways on re-import). */
export function optionSourceFields(o: SourceOption): Record<string, unknown> {
  const missing = o.flags.includes('missing_price') || o.flags.includes('zero_price') || o.priceFen === null;
  return {
    price: o.priceFen === null ? null : o.priceFen / 100,
    priceFen: o.priceFen,
    priceMissing: missing,
    listPrice: o.listPriceFen === null ? null : o.listPriceFen / 100,
    stock: o.stock,
    skuId: o.skuId,
    specId: o.specId,
    weightG: o.weightG ?? null,
    sizeCm: o.sizeCm ?? null,
    sourceFlags: o.flags,
  };
}

export function optionFromSource(o: SourceOption, optionNumber: string): Record<string, unknown> {
  const [first, second] = o.values;
  return {
    optionNumber,
    sourceKey: o.sourceKey,
    option1: {
      name: first?.value ?? o.sourceKey,
      nameTrans: '',
      axis: first?.axis ?? '',
      ...(o.imageUrl ? { image: o.imageUrl } : {}),
    },
    ...(second ? { option2: { name: second.value, nameTrans: '', axis: second.axis } } : {}),
    korName: '',
    ...optionSourceFields(o),
  };
}

/** The product fields an import owns (compared three ways on re-import). */
export function productSourceFields(offer: SourceOffer): Record<string, unknown> {
  return {
    productName: offer.title,
    subject: offer.title,
    attributes: offer.attributes.map((a) => ({ attributeName: a.name, value: a.value })),
    mainImages: offer.mainImages,
    originDetailImages: offer.detailImages.map((url) => ({ originalUrl: url, img: url })),
    originalDetailImages: offer.detailImages,
    priceTiers: offer.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: t.priceFen / 100 })),
    minOrderQuantity: offer.minOrderQuantity,
    productShippingInfo: { weightG: offer.offerWeightG, unit: offer.unit },
  };
}

export function newProductFromOffer(
  offer: SourceOffer,
  registrationId: string,
  numberOf: (index: number) => string,
  meta: { read: number; kept: number; warnings: string[]; now: string },
): Record<string, unknown> {
  return {
    ...productSourceFields(offer),
    detailImages: offer.detailImages,
    options: offer.options.map((o, i) => optionFromSource(o, numberOf(i))),
    ...Object.fromEntries(TASK_STATUS_FIELD_LIST.map((field) => [field, 'pending'])),
    registered: false,
    verified: false,
    importWarnings: meta.warnings,
    registrationId,
    source: {
      platform: '1688',
      offerId: offer.offerId,
      url: offerUrl(offer.offerId),
      importedAt: meta.now,
      lastImportedAt: meta.now,
      readOptions: meta.read,
      keptOptions: meta.kept,
      offer,
    },
  };
}
