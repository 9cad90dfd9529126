import type { RocketProduct } from '@rr/contracts';
import { productKoreanName } from '@rr/domain';

// Issue 42: the 원본 데이터 tab showed empty name, brand and manufacturer inputs beside filled
// documents: the run writes the Korean name into the SEO block (seo.productName, the translated name)
// and brand and manufacturer into the option documents, not into the product's own fields.

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * What the tab shows for each name: the product's own field when it has one (the seller's or the
 * import's), else what the run produced (`produced: true`): the Korean name (SEO name, translated
 * name), and the first option document's brand and manufacturer.
 */
export function producedNames(
  p: RocketProduct,
): Record<'korName' | 'brand' | 'manufacturer', { value: string; produced: boolean }> {
  const page = p.coupangDoc?.jsonDocument?.find(
    (d) => text(d.productPage?.brand) || text(d.productPage?.manufacturer),
  )?.productPage;
  const pick = (own: unknown, made: unknown) =>
    text(own) ? { value: text(own), produced: false } : { value: text(made), produced: text(made) !== '' };
  return {
    korName: pick(p.korName, productKoreanName(p)),
    brand: pick(p.brand, page?.brand),
    manufacturer: pick(p.manufacturer, page?.manufacturer),
  };
}
