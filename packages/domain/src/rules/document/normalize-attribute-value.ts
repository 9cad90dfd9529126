import { BRAND_ATTRIBUTE_NAMES, DETAIL_PAGE_REFERENCE, NOT_APPLICABLE } from '../../constants.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { isEmptyValue } from './is-empty-value.ts';

export type ValueKind = 'exposed' | 'unexposed' | 'notice' | 'certificate';
export type AttributeValue = string | number | null;

/**
 * Q §5: a value containing Chinese characters is replaced — exposed attributes and notices become
 * 상세페이지 참조, unexposed attributes null, certificates 해당사항없음.
 */
export function replaceChineseValue(
  kind: ValueKind,
  value: AttributeValue | undefined,
): AttributeValue | undefined {
  if (!containsCjk(value)) return value;
  if (kind === 'unexposed') return null;
  if (kind === 'certificate') return NOT_APPLICABLE;
  return DETAIL_PAGE_REFERENCE;
}

export function isBrandAttribute(name: string): boolean {
  return (
    BRAND_ATTRIBUTE_NAMES.includes(name.trim().toLowerCase()) || BRAND_ATTRIBUTE_NAMES.includes(name.trim())
  );
}

/**
 * W §5 Document fields: a dropdown value outside the schema's choices, or an empty value, becomes
 * 상세페이지 참조 for exposed attributes and notices, and null for unexposed attributes (the brand is
 * exempt from the choice check). Chinese characters are replaced first (Q §5). Free-text values
 * (no choices) are only trimmed.
 */
export function normalizeAttributeValue(input: {
  kind: Exclude<ValueKind, 'certificate'>;
  name: string;
  value: AttributeValue | undefined;
  choices?: readonly string[];
}): AttributeValue {
  const { kind, name } = input;
  const choices = input.choices ?? [];
  let value = replaceChineseValue(kind, input.value);
  if (typeof value === 'string') value = value.trim();
  const empty = kind === 'unexposed' ? null : DETAIL_PAGE_REFERENCE;
  if (value === undefined || isEmptyValue(value)) return empty;
  if (choices.length === 0) return value as AttributeValue;
  if (kind === 'unexposed' && isBrandAttribute(name)) return value as AttributeValue;
  if (choices.includes(String(value))) return value as AttributeValue;
  if (value === DETAIL_PAGE_REFERENCE && kind !== 'unexposed') return value;
  return empty;
}

/**
 * Q §5 (applying AI attributes): a dropdown value outside the allowed list is replaced by the first
 * allowed value. Free-text attributes (no choices) keep their value.
 */
export function coerceToAllowedValue(
  value: AttributeValue | undefined,
  choices: readonly string[],
): AttributeValue | undefined {
  if (choices.length === 0 || value === null || value === undefined) return value;
  return choices.includes(String(value).trim()) ? String(value).trim() : (choices[0] as string);
}
