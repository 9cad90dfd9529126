import type { RocketProduct } from '@rr/contracts';
import { type CategorySchema, checkCompleteness } from '@rr/domain';

// The quotation tab's document view, pure: which option's document is on screen, its parts and the
// dotted paths the fields save to, and its completeness against the category schema.

/** The option the seller picked, kept within the documents there are. */
export const shownIndex = (picked: number, count: number) => Math.max(0, Math.min(picked, count - 1));

/** The options as the option picker lists them (one per document). */
export function optionChoices(p: RocketProduct) {
  return (p.coupangDoc?.jsonDocument ?? []).map((_, k) => {
    const o = p.options[k];
    return { value: String(k), label: `${o?.optionNumber ?? k + 1} ${o?.korName ?? ''}`.trim() };
  });
}

/** The document of option `i` (null when the product has no documents yet). */
export function documentView(p: RocketProduct, picked: number, schema: CategorySchema | undefined) {
  const docs = p.coupangDoc?.jsonDocument ?? [];
  const i = shownIndex(picked, docs.length);
  const doc = docs[i];
  if (!doc) return null;
  const base = `coupangDoc.jsonDocument.${i}`;
  const page = doc.productPage ?? {};
  const common = page.commonAttributes ?? {};
  return {
    i,
    count: docs.length,
    doc,
    base,
    report: checkCompleteness(doc, schema),
    optionNumber: p.options[i]?.optionNumber,
    optionStatus: p.options[i]?.quotationStatus,
    page,
    common,
    exposed: common.exposedAttributes ?? page.exposedAttributes ?? [],
    exposedBase: common.exposedAttributes
      ? `${base}.productPage.commonAttributes.exposedAttributes`
      : `${base}.productPage.exposedAttributes`,
    unexposed: page.unexposedAttributes ?? [],
    images: doc.imagePage?.images ?? {},
    details: doc.imagePage?.details ?? {},
    logistics: doc.logisticsPage ?? {},
    legal: doc.legalPage ?? {},
    /** The category schema's attributes by name (their input type and choices). */
    schemaAttrs: new Map((schema?.attributes ?? []).map((a) => [a.name, a])),
  };
}

export type DocumentViewModel = NonNullable<ReturnType<typeof documentView>>;

/** The colour of an option's quotation status badge. */
export const optionStatusColour = (status: string) =>
  status === 'completed' ? 'green' : status === 'error' ? 'red' : 'blue';
