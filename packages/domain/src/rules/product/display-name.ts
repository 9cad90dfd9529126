// What a product is called on screens, in messages and in run progress: one rule, one order.

/** Where a product's Korean name is read, best first: the SEO name, the translated name, korName. */
export const KOREAN_NAME_PATHS = [['seo', 'productName'], ['productNameTrans'], ['korName']] as const;

/** A product, or a stored or answered document read defensively (any record). */
type Named =
  | {
      seo?: { productName?: unknown } | null | undefined | unknown;
      productNameTrans?: unknown;
      korName?: unknown;
      productName?: unknown;
    }
  | Readonly<Record<string, unknown>>;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function read(product: Named, path: readonly string[]): unknown {
  let cur: unknown = product;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The product's Korean name ('' when it has none yet). */
export function productKoreanName(product: Named): string {
  for (const path of KOREAN_NAME_PATHS) {
    const name = text(read(product, path));
    if (name) return name;
  }
  return '';
}

/** The product's name for people: its Korean name, else the source (Chinese) name, else ''. */
export function productDisplayName(product: Named): string {
  return productKoreanName(product) || text(product.productName);
}
