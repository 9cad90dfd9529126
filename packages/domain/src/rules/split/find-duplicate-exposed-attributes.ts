import type { Attribute } from '../../entities/common.ts';

export interface OptionAttributes {
  optionNumber: string;
  exposedAttributes: readonly Attribute[];
}

/** Order-independent key of an option's exposed attributes (name=value, trimmed). */
export function exposedAttributesKey(attributes: readonly Attribute[]): string {
  return attributes
    .map((a) => `${a.attributeName.trim()}=${String(a.attributeValue ?? '').trim()}`)
    .sort()
    .join('\u0001');
}

/**
 * Q §4 step 7: groups of option numbers whose exposed attributes are identical (two or more per
 * group, in first-appearance order). Empty when every option is distinguishable.
 */
export function findDuplicateExposedAttributes(options: readonly OptionAttributes[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const o of options) {
    const key = exposedAttributesKey(o.exposedAttributes);
    groups.set(key, [...(groups.get(key) ?? []), o.optionNumber]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}
