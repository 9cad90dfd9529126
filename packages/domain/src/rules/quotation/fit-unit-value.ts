import { DETAIL_PAGE_REFERENCE } from '../../constants.ts';

const NUMBER_AND_UNIT = /^\s*(\d+(?:[.,]\d+)?)\s*([^\d\s].*)?$/;
const NO_UNIT = new Set(['', '없음', 'none', 'NONE']);

/**
 * Q §4 step 6: an attribute measured in units (the schema's basicUnit / usableUnits) carries a number
 * plus an allowed unit — "70g", "1개". A bare number gets the basic unit; a number with a unit the
 * schema does not allow gets the basic unit instead; a value without any number is left as it is
 * (상세페이지 참조, or a word the seller will see and fix).
 */
export function fitUnitValue(
  value: string | number | null | undefined,
  units: { basicUnit?: string | null | undefined; usableUnits?: readonly string[] | undefined },
): string | number | null | undefined {
  const basic = units.basicUnit?.trim() ?? '';
  if (NO_UNIT.has(basic) || value === null || value === undefined) return value;
  const text = String(value).trim();
  if (text === DETAIL_PAGE_REFERENCE) return text;
  const m = NUMBER_AND_UNIT.exec(text);
  if (!m) return value;
  const number = m[1]!.replace(',', '.');
  const unit = (m[2] ?? '').trim();
  const allowed = [basic, ...(units.usableUnits ?? [])].filter((u) => !NO_UNIT.has(u));
  if (unit !== '' && allowed.includes(unit)) return `${number}${unit}`;
  return `${number}${basic}`;
}
