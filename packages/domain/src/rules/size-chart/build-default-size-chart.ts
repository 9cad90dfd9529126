import { SIZE_CHART_DEFAULT_SIZES, SIZE_CHART_MAX_IMAGES, SIZE_CHART_UNIT } from '../../constants.ts';
import type { SizeChart } from '../../entities/size-chart.ts';

export type SizeCategory = 'clothing' | 'shoes' | 'furniture' | 'other';

/** Images analysed per group when looking for a size chart (the spec fixes only the 30 cap). */
export const SIZE_CHART_GROUP_SIZE = 10;

/** W §4 Size chart: the category family from the category path. */
export function detectSizeCategory(categoryPath: string | null | undefined): SizeCategory {
  const path = categoryPath ?? '';
  if (/신발|운동화|구두|슬리퍼|샌들|부츠|남성화|여성화|아동화|스니커즈/.test(path)) return 'shoes';
  if (
    /의류|패션의류|상의|하의|티셔츠|셔츠|바지|원피스|스커트|아우터|코트|자켓|재킷|니트|속옷|잠옷|언더웨어/.test(
      path,
    )
  )
    return 'clothing';
  if (/가구|소파|침대|책상|의자|테이블|수납장|선반|옷장|매트리스/.test(path)) return 'furniture';
  return 'other';
}

const DEFAULT_MEASUREMENTS: Record<SizeCategory, ReadonlyArray<readonly [string, readonly string[]]>> = {
  clothing: [
    ['총장', ['66', '68', '70', '72']],
    ['가슴단면', ['48', '50', '52', '54']],
    ['어깨너비', ['42', '44', '46', '48']],
    ['소매길이', ['60', '61', '62', '63']],
  ],
  shoes: [
    ['발길이', ['23', '24', '25', '26']],
    ['발볼', ['9', '9.5', '10', '10.5']],
  ],
  furniture: [
    ['가로', ['40', '60', '80', '100']],
    ['세로', ['30', '40', '50', '60']],
    ['높이', ['40', '60', '80', '100']],
  ],
  other: [
    ['가로', ['10', '15', '20', '25']],
    ['세로', ['10', '15', '20', '25']],
    ['높이', ['5', '8', '10', '12']],
  ],
};

/** W §4 Size chart: the default chart of a category, in cm, with sizes S, M, L, XL. */
export function buildDefaultSizeChart(category: SizeCategory): SizeChart {
  return {
    sizeType: category,
    sizeUnits: SIZE_CHART_UNIT,
    sizes: [...SIZE_CHART_DEFAULT_SIZES],
    measurements: DEFAULT_MEASUREMENTS[category].map(([name, values]) => ({
      name,
      unit: SIZE_CHART_UNIT,
      values: [...values],
    })),
  };
}

/** W §4 / §9: at most 30 detail images, analysed in groups (with a 2 s pause between groups). */
export function planSizeChartImageGroups<T>(images: readonly T[], groupSize = SIZE_CHART_GROUP_SIZE): T[][] {
  const capped = images.slice(0, SIZE_CHART_MAX_IMAGES);
  const size = Math.max(1, Math.trunc(groupSize));
  const groups: T[][] = [];
  for (let i = 0; i < capped.length; i += size) groups.push(capped.slice(i, i + size));
  return groups;
}

/** True when an analysed chart has sizes and at least one measurement with values. */
export function isUsableSizeChart(chart: Partial<SizeChart> | null | undefined): chart is SizeChart {
  return (
    !!chart &&
    (chart.sizes?.length ?? 0) > 0 &&
    (chart.measurements ?? []).some((m) => (m.values?.length ?? 0) > 0)
  );
}

const SIZE_CATEGORIES: readonly SizeCategory[] = ['clothing', 'shoes', 'furniture', 'other'];

/**
 * W §3 / §4 Size chart from an AI answer: Korean names (Chinese through the replacement table),
 * one of the four size types (else the category's), cm, and as many values as sizes per
 * measurement (missing ones '-'). Measurements without a name or any value are dropped.
 */
export function normalizeSizeChart(
  raw: {
    sizeType?: string | undefined;
    sizes?: readonly string[] | undefined;
    measurements?: ReadonlyArray<{ name?: string; unit?: string; values?: readonly string[] }> | undefined;
  },
  fallbackType: SizeCategory,
  toKorean: (text: string) => string,
): SizeChart {
  const type = (SIZE_CATEGORIES as readonly string[]).includes(raw.sizeType ?? '')
    ? (raw.sizeType as SizeCategory)
    : fallbackType;
  const sizes = (raw.sizes ?? []).map((s) => toKorean(String(s).trim())).filter((s) => s !== '');
  const measurements = (raw.measurements ?? [])
    .map((m) => ({
      name: toKorean(String(m.name ?? '').trim()),
      unit: SIZE_CHART_UNIT,
      values: sizes.map((_, i) => toKorean(String(m.values?.[i] ?? '').trim()) || '-'),
    }))
    .filter((m) => m.name !== '' && m.values.some((v) => v !== '-'));
  return { sizeType: type, sizeUnits: SIZE_CHART_UNIT, sizes, measurements };
}
