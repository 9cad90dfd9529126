import type { CategorySchema } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { checkAttributeValue } from './check-attribute-value.ts';
import { isPurchaseOption } from './purchase-options.ts';

/**
 * Lesson from sellers: an item's name is the product name followed by the values of its purchase
 * options (mandatory exposed attributes) in schema order, each as the API takes it ("1" → "1개");
 * the product name itself carries no option text.
 */
export function buildItemName(
  productName: string,
  exposed: readonly Attribute[],
  schema: Pick<CategorySchema, 'attributes'>,
  /** Values that tell the item apart outside the schema (a split product's distinguishing value). */
  extraValues: readonly string[] = [],
): string {
  const values = new Map(exposed.map((a) => [a.attributeName, a.attributeValue]));
  const parts: string[] = [];
  // Without purchase options (older answers: every exposed attribute OPTIONAL) the filled exposed values
  // tell the items apart.
  const anyOption = schema.attributes.some(isPurchaseOption);
  for (const a of schema.attributes) {
    if (anyOption ? !isPurchaseOption(a) : !a.exposed) continue;
    const raw = values.get(a.name);
    if (isEmptyValue(raw)) continue;
    const checked = checkAttributeValue(a, raw);
    parts.push(checked.ok ? checked.value : String(raw).trim());
  }
  for (const v of extraValues) if (v.trim() && !parts.includes(v.trim())) parts.push(v.trim());
  return [productName.trim(), ...parts].filter(Boolean).join(' ');
}

/**
 * The product name without option text: option values that end the name (as a quotation may have
 * written them) are cut off, longest first.
 */
export function stripOptionText(productName: string, optionValues: readonly string[]): string {
  let name = productName.trim();
  let changed = true;
  const values = [...new Set(optionValues.map((v) => v.trim()).filter((v) => v.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  while (changed) {
    changed = false;
    for (const v of values) {
      // Longest separators first: "이름, 대형" loses ", 대형", not " 대형" (leaving a comma).
      for (const sep of [', ', ' / ', ' ', ',', '_', '-']) {
        if (name.endsWith(`${sep}${v}`) && name.length > v.length + sep.length) {
          name = name.slice(0, -(v.length + sep.length)).trim();
          changed = true;
        }
      }
    }
  }
  return name;
}
