import type { LogisticsPage } from '../../entities/registration-document.ts';
import { parseBoxDimension } from '../document/normalize-box-dimension.ts';

/** The 22 keys of Rocket Growth's skuInfo (observed on live products; all are required once sent). */
export const SKU_INFO_KEYS = [
  'width',
  'length',
  'height',
  'weight',
  'netWeight',
  'inboundName',
  'season',
  'quantityPerBox',
  'fragile',
  'standAlone',
  'expiredAtManaged',
  'producedAtManaged',
  'manufacturedAtManaged',
  'distributionPeriod',
  'hazardous',
  'heatSensitive',
  'heavyBulky',
  'year',
  'vendorFlexCode',
  'rocketInstallation',
  'originalBarcode',
  'originalDimensionInputType',
] as const;

export type SkuInfo = Record<(typeof SKU_INFO_KEYS)[number], string | number | boolean | null>;

export type SkuInfoResult =
  | { readonly ok: true; readonly skuInfo: SkuInfo }
  | { readonly ok: false; readonly missing: readonly string[] };

/**
 * Lesson from sellers: Rocket Growth's skuInfo is all-or-nothing — every key, sizes in mm and weights
 * in g from the logistics page, quantityPerBox 1. Without a readable box size and weight nothing is
 * built (a partial skuInfo is refused by Coupang).
 */
export function buildSkuInfo(input: {
  logistics: LogisticsPage | undefined;
  inboundName: string;
  barcode: string | null;
  year: number;
}): SkuInfoResult {
  const missing: string[] = [];
  const sides = parseBoxDimension(input.logistics?.skuUnitBoxDimension);
  const weightText = input.logistics?.skuUnitBoxWeight;
  const weight =
    typeof weightText === 'number'
      ? weightText
      : /^\s*\d+\s*$/.test(String(weightText ?? ''))
        ? Number(weightText)
        : NaN;
  if (!sides || sides.some((s) => !(s > 0))) missing.push('skuUnitBoxDimension');
  if (!(weight > 0)) missing.push('skuUnitBoxWeight');
  if (input.inboundName.trim() === '') missing.push('inboundName');
  if (missing.length || !sides) return { ok: false, missing };
  const days = Number(input.logistics?.daysToExpiration ?? 0);
  const managed = Number.isFinite(days) && days > 0;
  const [length, width, height] = sides.map((s) => Math.round(s)) as [number, number, number];
  return {
    ok: true,
    skuInfo: {
      width,
      length,
      height,
      weight: Math.round(weight),
      netWeight: Math.round(weight),
      inboundName: input.inboundName.trim(),
      season: 'YEAR_ROUND',
      quantityPerBox: 1,
      fragile: false,
      standAlone: false,
      expiredAtManaged: managed,
      producedAtManaged: false,
      manufacturedAtManaged: false,
      distributionPeriod: managed ? Math.round(days) : 0,
      hazardous: false,
      heatSensitive: false,
      heavyBulky: false,
      year: input.year,
      vendorFlexCode: null,
      rocketInstallation: false,
      originalBarcode: input.barcode,
      originalDimensionInputType: 'USER_INPUT',
    },
  };
}
