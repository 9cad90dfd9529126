// Q §9: the translation prompt carries a unit conversion table (斤 → kg × 0.5, 码 → size, 寸 → cm …).

export interface UnitConversion {
  /** Chinese unit */
  source: string;
  /** Korean / metric unit */
  target: string;
  /** Multiply the number by this (absent for counting words and labels). */
  factor?: number;
}

export const UNIT_TABLE: readonly UnitConversion[] = [
  { source: '斤', target: 'kg', factor: 0.5 },
  { source: '公斤', target: 'kg', factor: 1 },
  { source: '千克', target: 'kg', factor: 1 },
  { source: '克', target: 'g', factor: 1 },
  { source: '两', target: 'g', factor: 50 },
  { source: '毫升', target: 'ml', factor: 1 },
  { source: '升', target: 'L', factor: 1 },
  { source: '毫米', target: 'mm', factor: 1 },
  { source: '厘米', target: 'cm', factor: 1 },
  { source: '公分', target: 'cm', factor: 1 },
  { source: '米', target: 'm', factor: 1 },
  { source: '寸', target: 'cm', factor: 3.33 },
  { source: '英寸', target: 'cm', factor: 2.54 },
  { source: '尺', target: 'cm', factor: 33.33 },
  { source: '码', target: '사이즈' },
  { source: '碼', target: '사이즈' },
  { source: '件', target: '개' },
  { source: '个', target: '개' },
  { source: '只', target: '개' },
  { source: '双', target: '켤레' },
  { source: '套', target: '세트' },
  { source: '包', target: '팩' },
  { source: '盒', target: '상자' },
  { source: '箱', target: '박스' },
  { source: '瓶', target: '병' },
  { source: '张', target: '장' },
  { source: '片', target: '장' },
];

/** The table as prompt lines, e.g. `斤 → kg (× 0.5)`. */
export function formatUnitTableForPrompt(table: readonly UnitConversion[] = UNIT_TABLE): string {
  return table
    .map(
      (u) => `${u.source} → ${u.target}${u.factor !== undefined && u.factor !== 1 ? ` (× ${u.factor})` : ''}`,
    )
    .join('\n');
}

const byLength = [...UNIT_TABLE].sort((a, b) => b.source.length - a.source.length);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUANTITY = new RegExp(
  `(\\d+(?:\\.\\d+)?|[A-Za-z]{1,4})\\s*(${byLength.map((u) => escapeRegExp(u.source)).join('|')})`,
  'g',
);

/** Rounds to at most two decimals without trailing zeros. */
function formatNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * Converts quantities with Chinese units: `2斤` → `1kg`, `3寸` → `9.99cm`, `38码` → `38사이즈`,
 * `XL码` → `XL사이즈`, `2件` → `2개`. Letters are only allowed before labels (no factor).
 */
export function convertChineseUnits(text: string): string {
  return text.replace(QUANTITY, (whole, amount: string, unit: string) => {
    const rule = UNIT_TABLE.find((u) => u.source === unit) as UnitConversion;
    const isNumber = /^\d/.test(amount);
    if (rule.factor === undefined) return `${amount}${rule.target}`;
    if (!isNumber) return whole;
    return `${formatNumber(Number(amount) * rule.factor)}${rule.target}`;
  });
}
