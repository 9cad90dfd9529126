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
  { source: '条', target: '개' },
  { source: '支', target: '개' },
  { source: '根', target: '개' },
  { source: '颗', target: '개' },
  { source: '枚', target: '개' },
  { source: '粒', target: '알' },
  { source: '对', target: '쌍' },
  { source: '组', target: '세트' },
  { source: '袋', target: '봉지' },
  { source: '卷', target: '롤' },
  { source: '层', target: '단' },
  { source: '格', target: '칸' },
  { source: '人', target: '인' },
  { source: '岁', target: '세' },
  { source: '天', target: '일' },
  { source: '个月', target: '개월' },
  { source: '年', target: '년' },
  { source: '小时', target: '시간' },
  { source: '分钟', target: '분' },
  { source: '秒', target: '초' },
  { source: '度', target: '도' },
  { source: '毫安', target: 'mAh' },
  { source: '瓦', target: 'W' },
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
 * `XL码` → `XL사이즈`, `2件` → `2개`, `3层` → `3단`. Letters are only allowed before the size
 * label (`码`): counting words after letters are parts of words (`iPad支架`, `PU包`).
 */
export function convertChineseUnits(text: string): string {
  return text.replace(QUANTITY, (whole, amount: string, unit: string) => {
    const rule = UNIT_TABLE.find((u) => u.source === unit) as UnitConversion;
    const isNumber = /^\d/.test(amount);
    if (!isNumber && rule.target !== '사이즈') return whole;
    if (rule.factor === undefined) return `${amount}${rule.target}`;
    return `${formatNumber(Number(amount) * rule.factor)}${rule.target}`;
  });
}
