import type { SchemaAttribute, SchemaNoticeCategory } from '../../entities/category-schema.ts';
import type { QuotationAttribute, QuotationOption } from '../../entities/quotation.ts';
import { coerceToAllowedValue } from '../document/normalize-attribute-value.ts';
import { fitUnitValue } from './fit-unit-value.ts';

export interface NameValue {
  name: string;
  value: string | number | null;
}

/**
 * Q §4 step 6: one option's quotation from the common and the differentiated answers (the latter
 * win for the same name). Only attributes the schema lists are kept, in the schema's order, typed
 * exposed / unexposed as the schema says; a dropdown value outside the schema's inputValues becomes
 * the first allowed value; values with units carry a number and an allowed unit. Notices are kept
 * only when they belong to the document's one notice category (one value per item).
 */
export function assembleQuotationOption(input: {
  optionNumber: string;
  korName?: string | undefined;
  schemaAttributes: readonly SchemaAttribute[];
  common: readonly NameValue[];
  differentiated: readonly NameValue[];
  notices?: readonly NameValue[] | undefined;
  noticeCategory?: SchemaNoticeCategory | null | undefined;
  logistics?: { dimension?: string | undefined; weight?: string | number | undefined } | undefined;
}): QuotationOption {
  const values = new Map<string, string | number | null>();
  for (const v of input.common) if (!values.has(v.name.trim())) values.set(v.name.trim(), v.value);
  for (const v of input.differentiated) values.set(v.name.trim(), v.value);

  const attributes: QuotationAttribute[] = [];
  for (const a of input.schemaAttributes) {
    if (!values.has(a.name)) continue;
    let value = values.get(a.name) ?? null;
    if (typeof value === 'string') value = value.trim();
    if (a.inputType === 'SELECT') value = coerceToAllowedValue(value, a.choices) ?? null;
    else value = fitUnitValue(value, a) ?? null;
    attributes.push({ type: a.exposed ? 'exposed' : 'unexposed', name: a.name, value });
  }

  const items = new Set((input.noticeCategory?.items ?? []).map((i) => i.name));
  const seen = new Set<string>();
  const notices = (input.notices ?? [])
    .filter((n) => {
      const name = n.name.trim();
      if (!items.has(name) || seen.has(name)) return false;
      seen.add(name);
      return true;
    })
    .map((n) => ({ name: n.name.trim(), value: n.value === null ? null : String(n.value) }));

  return {
    optionNumber: input.optionNumber,
    ...(input.korName ? { korName: input.korName } : {}),
    attributes,
    notices,
    ...(input.logistics ? { logistics: input.logistics } : {}),
  };
}
