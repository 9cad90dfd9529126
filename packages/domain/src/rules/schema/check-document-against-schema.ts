import type { CategorySchema, SchemaNoticeCategory } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import type { Notice, RegistrationDocument } from '../../entities/registration-document.ts';
import { type Issue, issue } from '../../result.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { containsCjk } from '../text/contains-cjk.ts';

export function exposedAttributesOf(doc: RegistrationDocument): Attribute[] {
  return doc.productPage?.commonAttributes?.exposedAttributes ?? doc.productPage?.exposedAttributes ?? [];
}

export function unexposedAttributesOf(doc: RegistrationDocument): Attribute[] {
  return doc.productPage?.unexposedAttributes ?? [];
}

/** The notice category whose item names overlap the document's notices most. */
export function pickNoticeCategory(
  categories: readonly SchemaNoticeCategory[],
  notices: readonly Notice[],
): SchemaNoticeCategory | undefined {
  const names = new Set(notices.map(noticeName));
  const byName = notices.find((n) => n.noticeCategoryName)?.noticeCategoryName;
  const named = categories.find((c) => c.name === byName);
  if (named) return named;
  let best: SchemaNoticeCategory | undefined;
  let bestScore = 0;
  for (const c of categories) {
    const score = c.items.filter((i) => names.has(i.name)).length;
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/** Names of mandatory schema attributes without a value; a group (same groupNumber) needs one filled. */
export function findMissingMandatoryAttributes(
  attributes: readonly Attribute[],
  schema: Pick<CategorySchema, 'attributes'>,
  exposed: boolean,
): string[] {
  const values = new Map(attributes.map((a) => [a.attributeName, a.attributeValue]));
  const filled = (name: string) => !isEmptyValue(values.get(name));
  const missing: string[] = [];
  const groupsDone = new Set<string>();
  for (const a of schema.attributes) {
    if (!a.required || a.exposed !== exposed) continue;
    if (a.groupNumber) {
      if (groupsDone.has(a.groupNumber)) continue;
      groupsDone.add(a.groupNumber);
      const group = schema.attributes.filter((g) => g.groupNumber === a.groupNumber && g.exposed === exposed);
      if (!group.some((g) => filled(g.name))) missing.push(group.map((g) => g.name).join('/'));
    } else if (!filled(a.name)) missing.push(a.name);
  }
  return missing;
}

/** True when the attributes the schema knows appear in the schema's order. */
export function followsSchemaOrder(
  attributes: readonly Attribute[],
  schemaOrder: readonly string[],
): boolean {
  const rank = new Map(schemaOrder.map((n, i) => [n, i]));
  const ranks = attributes.map((a) => rank.get(a.attributeName)).filter((r): r is number => r !== undefined);
  return ranks.every((r, i) => i === 0 || (ranks[i - 1] as number) < r);
}

/**
 * Q §5 Schema checks for option N (1-based): mandatory exposed, unexposed and notice values present
 * ('option N missing required attributes'); attribute order follows the schema ('order error');
 * Chinese characters flagged.
 */
export function checkDocumentAgainstSchema(
  doc: RegistrationDocument,
  schema: CategorySchema,
  optionNumber: number,
): Issue[] {
  const issues: Issue[] = [];
  const exposed = exposedAttributesOf(doc);
  const unexposed = unexposedAttributesOf(doc);
  const notices = doc.legalPage?.notices ?? [];

  const exposedPath = doc.productPage?.commonAttributes?.exposedAttributes
    ? 'productPage.commonAttributes.exposedAttributes'
    : 'productPage.exposedAttributes';
  // Each missing name with the list it belongs in (the field the seller fixes).
  const missing: [string, string][] = [
    ...findMissingMandatoryAttributes(exposed, schema, true).map((n) => [n, exposedPath] as [string, string]),
    ...findMissingMandatoryAttributes(unexposed, schema, false).map(
      (n) => [n, 'productPage.unexposedAttributes'] as [string, string],
    ),
  ];
  const category = pickNoticeCategory(schema.noticeCategories, notices);
  if (category) {
    const values = new Map(notices.map((n) => [noticeName(n), n.noticeItemValue ?? n.content]));
    for (const item of category.items)
      if (item.required && isEmptyValue(values.get(item.name)))
        missing.push([item.name, 'legalPage.notices']);
  }
  if (missing.length)
    issues.push(
      issue(
        'optionMissingRequiredAttributes',
        { n: optionNumber, names: missing.map(([n]) => n).join(', ') },
        missing[0]![1],
      ),
    );

  const order = schema.attributes.map((a) => a.name);
  if (!followsSchemaOrder(exposed, order))
    issues.push(issue('attributeOrderError', { section: 'exposedAttributes' }, exposedPath));
  if (!followsSchemaOrder(unexposed, order))
    issues.push(
      issue('attributeOrderError', { section: 'unexposedAttributes' }, 'productPage.unexposedAttributes'),
    );

  const named: Array<[string, unknown, string]> = [
    ...exposed.map(
      (a, i) =>
        [a.attributeName, a.attributeValue, `${exposedPath}.${i}.attributeValue`] as [
          string,
          unknown,
          string,
        ],
    ),
    ...unexposed.map(
      (a, i) =>
        [a.attributeName, a.attributeValue, `productPage.unexposedAttributes.${i}.attributeValue`] as [
          string,
          unknown,
          string,
        ],
    ),
    ...notices.map(
      (n, i) =>
        [noticeName(n), n.noticeItemValue ?? n.content, `legalPage.notices.${i}.noticeItemValue`] as [
          string,
          unknown,
          string,
        ],
    ),
    ...(doc.legalPage?.certificates ?? []).map(
      (c, i) =>
        [c.certificateName, c.certificateValue, `legalPage.certificates.${i}.certificateValue`] as [
          string,
          unknown,
          string,
        ],
    ),
  ];
  for (const [name, value, path] of named) {
    if (containsCjk(value)) issues.push(issue('attributeChineseCharacters', { n: optionNumber, name }, path));
  }
  return issues;
}
