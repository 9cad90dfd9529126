import { type UnitBox, unitBoxOf } from './coupang-fees.ts';

// Issue 41: what Coupang's fee tables need of a product and one of its options: the display category
// path (the chosen category, else the imported one) and one unit's box from the option's registration
// document (`logisticsPage.skuUnitBoxDimension` in mm, `skuUnitBoxWeight` in g), else from the
// source's pack size (cm) and weight (g).

type Logistics = { skuUnitBoxDimension?: unknown; skuUnitBoxWeight?: unknown } | null | undefined;
/** The parts of a stored product read here (loosely: a stored document, or the entity). */
export type FeeFactsProduct = {
  categoryPath?: string | null | undefined;
  rocketRegInfo?: { categoryPath?: string | null | undefined } | null | undefined;
  coupangDoc?:
    | { jsonDocument?: readonly ({ logisticsPage?: Logistics } | undefined)[] | undefined }
    | undefined;
  options?:
    | readonly {
        weightG?: number | null | undefined;
        sizeCm?: { length: number | null; width: number | null; height: number | null } | null | undefined;
        coupangDoc?: { logisticsPage?: Logistics } | undefined;
      }[]
    | undefined;
};

export type ProductFeeFacts = { categoryPath: string | null; box: UnitBox | null };

export function productFeeFacts(product: FeeFactsProduct, optionIndex: number): ProductFeeFacts {
  const path = product.rocketRegInfo?.categoryPath?.trim() || product.categoryPath?.trim() || null;
  const option = product.options?.[optionIndex];
  const logistics =
    product.coupangDoc?.jsonDocument?.[optionIndex]?.logisticsPage ?? option?.coupangDoc?.logisticsPage;
  let box = unitBoxOf(logistics?.skuUnitBoxDimension, logistics?.skuUnitBoxWeight);
  if (!box && option?.sizeCm) {
    const { length, width, height } = option.sizeCm;
    box = unitBoxOf(
      [length, width, height].map((cm) => (typeof cm === 'number' ? cm * 10 : NaN)).join('*'),
      option.weightG,
    );
  }
  return { categoryPath: path, box };
}
