import { OPTION_NUMBER_SUFFIX_DIGITS } from '../../constants.ts';
import type { Attribute } from '../../entities/common.ts';
import { fail, issue, ok, type Result } from '../../result.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';

export interface SplitInputOption {
  optionNumber: string;
  exposedAttributes: readonly Attribute[];
  /** Value of the detected additional attribute for this option (e.g. '대형'). */
  additionalValue: string | null | undefined;
}

export interface SplitOption<T extends SplitInputOption> {
  /** The input option, with its new option number and the additional attribute among its exposed ones. */
  option: Omit<T, 'optionNumber' | 'exposedAttributes'> & {
    optionNumber: string;
    exposedAttributes: Attribute[];
  };
  previousOptionNumber: string;
}

export interface SplitProduct<T extends SplitInputOption> {
  /** The original registrationId for the first group, `{registrationId}_{n}` for group n ≥ 2. */
  registrationId: string;
  productName: string;
  additionalValue: string;
  isOriginal: boolean;
  options: SplitOption<T>[];
}

/** Option number = registrationId + 3-digit sequence (Q §3), e.g. R123 + 001. */
export function makeOptionNumber(registrationId: string, sequence: number): string {
  return `${registrationId}${String(sequence).padStart(OPTION_NUMBER_SUFFIX_DIGITS, '0')}`;
}

function withAdditional(attributes: readonly Attribute[], name: string, value: string): Attribute[] {
  const found = attributes.some((a) => a.attributeName === name);
  return found
    ? attributes.map((a) => (a.attributeName === name ? { ...a, attributeValue: value } : a))
    : [...attributes, { attributeName: name, attributeValue: value }];
}

/**
 * Q §4 Split: options are grouped by the additional attribute's value (groups in first-appearance
 * order). The first group keeps the original product; group n (n ≥ 2) becomes `{registrationId}_{n}`.
 * Option numbers are reassigned per product (registrationId + 001, 002, …), every product name gets
 * `, {value}` appended, and the additional attribute joins each option's exposed attributes.
 */
export function planSplit<T extends SplitInputOption>(input: {
  registrationId: string;
  productName: string;
  additionalAttributeName: string;
  options: readonly T[];
  /**
   * Suffix of the first new product (default 2). A product split again, or a split product split
   * further, numbers its new products after the ones that exist: `{baseRegistrationId}_{n}`.
   */
  firstSuffix?: number;
  /** The id new products are suffixed to (default: registrationId). */
  baseRegistrationId?: string;
}): Result<SplitProduct<T>[]> {
  const { registrationId, productName, additionalAttributeName, options } = input;
  const firstSuffix = input.firstSuffix ?? 2;
  const base = input.baseRegistrationId ?? registrationId;
  if (options.length === 0) return fail([issue('noOptionsToProcess')]);
  if (options.some((o) => isEmptyValue(o.additionalValue)) || isEmptyValue(additionalAttributeName)) {
    return fail([issue('noAdditionalAttributes')]);
  }
  const groups = new Map<string, T[]>();
  for (const o of options) {
    const value = String(o.additionalValue).trim();
    groups.set(value, [...(groups.get(value) ?? []), o]);
  }
  if (groups.size < 2) return fail([issue('splitNotNeeded')]);

  const products = [...groups.entries()].map(([value, members], index): SplitProduct<T> => {
    const id = index === 0 ? registrationId : `${base}_${firstSuffix + index - 1}`;
    return {
      registrationId: id,
      productName: `${productName}, ${value}`,
      additionalValue: value,
      isOriginal: index === 0,
      options: members.map((o, i) => ({
        previousOptionNumber: o.optionNumber,
        option: {
          ...o,
          optionNumber: makeOptionNumber(id, i + 1),
          exposedAttributes: withAdditional(o.exposedAttributes, additionalAttributeName, value),
        },
      })),
    };
  });
  return ok(products);
}
