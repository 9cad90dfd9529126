import type { Attribute } from '../../entities/common.ts';

/** Q §5: attributes follow the schema's order; names the schema does not know keep their order at the end. */
export function orderAttributesBySchema<T extends Attribute>(
  attributes: readonly T[],
  schemaOrder: readonly string[],
): T[] {
  const rank = new Map(schemaOrder.map((name, i) => [name, i]));
  return attributes
    .map((attribute, i) => ({ attribute, key: rank.get(attribute.attributeName) ?? schemaOrder.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.attribute);
}
