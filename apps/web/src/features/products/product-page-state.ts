import type { ProductOption, RocketProduct } from '@rr/contracts';
import { isRecord } from '@rr/domain';

// The product page's view of a product, pure. The page's own state is the open tab, kept in the
// URL (`?tab=`, so a reload or a shared link opens the same tab): `tabOf` / `withTab` read and set it.

export const DEFAULT_TAB = 'source';

/** The open tab of the page. */
export const tabOf = (params: URLSearchParams): string => params.get('tab') ?? DEFAULT_TAB;

/** The page's parameters with another tab open (the product and any other parameter kept). */
export function withTab(params: URLSearchParams, tab: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tab', tab ?? DEFAULT_TAB);
  return next;
}

/** The 1688 offer as the source tab shows it (source.offer is the marketplace's free-form data). */
export type OfferView = {
  offerId: string | undefined;
  unit: string;
  minOrderQuantity: number | null;
  offerWeightG: number | null;
  priceTiers: { minQuantity: number; priceFen: number }[];
  /** The offer's attributes; undefined when the offer has none listed. */
  attributes: { name: string; value: string }[] | undefined;
};

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const count = (v: unknown) => (typeof v === 'number' ? v : null);

export function offerView(p: RocketProduct): OfferView {
  const offer = isRecord(p.source?.offer) ? p.source.offer : {};
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : undefined);
  return {
    offerId: text(offer.offerId),
    unit: text(offer.unit) ?? '',
    minOrderQuantity: count(offer.minOrderQuantity),
    offerWeightG: count(offer.offerWeightG),
    priceTiers: (list(offer.priceTiers) ?? []).flatMap((tier) =>
      typeof tier.minQuantity === 'number' && typeof tier.priceFen === 'number'
        ? [{ minQuantity: tier.minQuantity, priceFen: tier.priceFen }]
        : [],
    ),
    attributes: list(offer.attributes)?.map((a) => ({
      name: String(a.name ?? ''),
      value: String(a.value ?? ''),
    })),
  };
}

/** The attributes the source tab lists: the offer's, else the product's (name, value). */
export function sourceAttributes(p: RocketProduct, offer: OfferView): { name: string; value: string }[] {
  return (
    offer.attributes ??
    (p.attributes ?? []).map((a) => ({ name: a.attributeName ?? '', value: String(a.value ?? '') }))
  );
}

/** The category screen for this product (the version makes a reload fetch the new category). */
export const categoryMinPath = (p: RocketProduct) =>
  `/category_min?product=${encodeURIComponent(p._id)}${p.updatedAt ? `&v=${encodeURIComponent(p.updatedAt)}` : ''}`;

/** The last two levels of a category path (`가구 > 의자`). */
export const shortCategory = (path: string) => path.split('>').slice(-2).join(' > ');

/** The colour of a tab's status dot. */
export function statusDotColour(status: string): string {
  if (status === 'completed' || status === 'split_completed') return 'var(--mantine-color-green-6)';
  if (status === 'error') return 'var(--mantine-color-red-6)';
  if (status === 'processing') return 'var(--mantine-color-blue-6)';
  if (status.startsWith('partial')) return 'var(--mantine-color-yellow-6)';
  return 'var(--mantine-color-gray-4)';
}

export function optionLabel(o: ProductOption): string {
  return [o.option1?.name, o.option2?.name].filter(Boolean).join(' / ') || (o.sourceKey ?? '');
}

/** An option's pack size as `L×W×H` (cm), `?` for a missing side. */
export function sizeText(o: ProductOption): string {
  const s = o.sizeCm;
  return s ? `${s.length ?? '?'}×${s.width ?? '?'}×${s.height ?? '?'}` : '—';
}
