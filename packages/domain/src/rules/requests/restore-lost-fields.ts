/** Fields restored from the submitted copy when a server answer lacks them (W §4 Server responses). */
export const RESTORABLE_PRODUCT_FIELDS = [
  'registered',
  'verified',
  'registrationStatus',
  'mainImages',
  'additionalImages',
  'detailImages',
  'coupangDoc',
] as const;

const missing = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

type ProductLike = Record<string, unknown> & { options?: ReadonlyArray<Record<string, unknown>> };

/**
 * W §4 Server responses: registration flags (registered, verified, registrationStatus), option
 * documents, images and the coupang document missing from the server's answer are restored from the
 * client's submitted copy. Everything the server did send wins.
 */
export function restoreLostFields<T extends ProductLike>(submitted: ProductLike, answer: T): T {
  const restored: ProductLike = { ...answer };
  for (const field of RESTORABLE_PRODUCT_FIELDS) {
    if (missing(restored[field]) && !missing(submitted[field])) restored[field] = submitted[field];
  }
  if (Array.isArray(answer.options) && Array.isArray(submitted.options)) {
    restored.options = answer.options.map((option, i) => {
      const sent =
        submitted.options?.find((o) => o.optionNumber === option.optionNumber) ?? submitted.options?.[i];
      return sent && missing(option.coupangDoc) && !missing(sent.coupangDoc)
        ? { ...option, coupangDoc: sent.coupangDoc }
        : option;
    });
  } else if (missing(answer.options) && !missing(submitted.options)) {
    restored.options = submitted.options;
  }
  return restored as T;
}
