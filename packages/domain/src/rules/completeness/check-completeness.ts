import { COMPLETENESS_BASIC_CHECKS, COMPLETENESS_CJK_CHECKS } from '../../constants.ts';
import type { CategorySchema, SchemaRequiredField } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { type Issue, issue } from '../../result.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { exposedAttributesOf, unexposedAttributesOf } from '../schema/check-document-against-schema.ts';
import { containsCjk } from '../text/contains-cjk.ts';

export interface CompletenessReport {
  /** Checks fulfilled. */
  fulfilled: number;
  /** 8 basic + schema-required count + 1 Chinese check. */
  total: number;
  /** fulfilled / total, 0–1. */
  rate: number;
  /** rate as a whole percent. */
  percent: number;
  issues: Issue[];
}

/** Reads a dotted path inside an object. */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isInteger(value: unknown): boolean {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n);
}

function checkRequiredField(doc: RegistrationDocument, field: SchemaRequiredField): Issue | null {
  if (field.section === 'sourcingPage') return null;
  const value = readPath(doc[field.section], field.path);
  if (field.section === 'legalPage' && field.path === 'adCert') return null; // adCert may be empty
  if (isEmptyValue(value))
    return issue('schemaFieldRequired', { title: field.title }, `${field.section}.${field.path}`);
  if (field.type === 'integer' && !isInteger(value)) {
    return issue('integerRequired', { title: field.title }, `${field.section}.${field.path}`);
  }
  return null;
}

/**
 * W §5 Completeness check of one option's registration document: the eight basic checks with their
 * exact Korean messages, the schema-required fields (per section, except sourcingPage), mandatory
 * exposed and unexposed attributes, and one Chinese-character check over alt text, search tags,
 * product name and description. Completion rate = fulfilled / (8 + schema-required count + 1).
 */
export function checkCompleteness(
  doc: RegistrationDocument,
  schema?: Pick<CategorySchema, 'attributes' | 'requiredFields'>,
): CompletenessReport {
  const issues: Issue[] = [];
  let fulfilled = 0;
  const check = (passed: boolean, failure: () => Issue) => {
    if (passed) fulfilled += 1;
    else issues.push(failure());
  };

  const page = doc.productPage;
  const purchasePrice = page?.commonAttributes?.purchasePrice;
  const images = doc.imagePage?.images;
  const details = doc.imagePage?.details;
  const exposed = exposedAttributesOf(doc);
  const unexposed = unexposedAttributesOf(doc);

  // 8 basic checks
  check(!isEmptyValue(doc.startPage?.productName), () =>
    issue('productNameRequired', {}, 'startPage.productName'),
  );
  check(!isEmptyValue(page?.brand), () => issue('brandRequired', {}, 'productPage.brand'));
  check(isInteger(purchasePrice) && Number(purchasePrice) > 0, () =>
    !isEmptyValue(purchasePrice) && !isInteger(purchasePrice)
      ? issue('integerRequired', { title: '공급가' }, 'productPage.commonAttributes.purchasePrice')
      : issue('purchasePriceRequired', {}, 'productPage.commonAttributes.purchasePrice'),
  );
  check(!isEmptyValue(images?.mainImage), () => issue('mainImageRequired', {}, 'imagePage.images.mainImage'));
  check(!isEmptyValue(details?.detailedImage) || !isEmptyValue(details?.htmlProductDetailContent), () =>
    issue('detailImageRequired', {}, 'imagePage.details.detailedImage'),
  );
  check(!isEmptyValue(details?.altText), () => issue('altTextRequired', {}, 'imagePage.details.altText'));
  check(!isEmptyValue(page?.searchTags), () => issue('searchTagsRequired', {}, 'productPage.searchTags'));
  check(
    exposed.some((a) => !isEmptyValue(a.attributeValue)),
    () => issue('exposedAttributeRequired', {}, 'productPage.commonAttributes.exposedAttributes'),
  );

  // schema-required
  let schemaRequired = 0;
  const filled = (list: typeof exposed) =>
    new Set(list.filter((a) => !isEmptyValue(a.attributeValue)).map((a) => a.attributeName));
  const exposedFilled = filled(exposed);
  const unexposedFilled = filled(unexposed);
  // A group of attributes (same groupNumber) is one check: one of them filled (Coupang's rule).
  const all = schema?.attributes ?? [];
  const mandatory = all.filter((a) => a.required && !a.groupNumber);
  const groups = new Map<string, { exposed: boolean; names: string[] }>();
  for (const a of all) {
    if (!a.groupNumber || !(a.required || a.exposed)) continue;
    const key = `${a.exposed}:${a.groupNumber}`;
    const g = groups.get(key) ?? { exposed: a.exposed, names: [] };
    g.names.push(a.name);
    groups.set(key, g);
  }
  const missingExposed = mandatory.filter((a) => a.exposed && !exposedFilled.has(a.name)).map((a) => a.name);
  const missingUnexposed = mandatory
    .filter((a) => !a.exposed && !unexposedFilled.has(a.name))
    .map((a) => a.name);
  for (const g of groups.values()) {
    const filledSet = g.exposed ? exposedFilled : unexposedFilled;
    if (!g.names.some((n) => filledSet.has(n)))
      (g.exposed ? missingExposed : missingUnexposed).push(g.names.join('/'));
  }
  const mandatoryCount = mandatory.length + groups.size;
  schemaRequired += mandatoryCount;
  fulfilled += mandatoryCount - missingExposed.length - missingUnexposed.length;
  if (missingExposed.length) {
    issues.push(
      issue(
        'mandatoryExposedMissing',
        { names: missingExposed.join(', ') },
        'productPage.commonAttributes.exposedAttributes',
      ),
    );
  }
  for (const field of (schema?.requiredFields ?? []).filter((f) => f.section !== 'sourcingPage')) {
    schemaRequired += 1;
    const problem = checkRequiredField(doc, field);
    if (problem) issues.push(problem);
    else fulfilled += 1;
  }
  if (missingUnexposed.length) {
    issues.push(
      issue(
        'mandatoryUnexposedMissing',
        { names: missingUnexposed.join(', ') },
        'productPage.unexposedAttributes',
      ),
    );
  }

  // 1 Chinese-character check
  const cjkFields = (
    [
      ['altText', details?.altText],
      ['searchTags', page?.searchTags],
      ['productName', doc.startPage?.productName],
      ['productDescription', page?.productDescription],
    ] as const
  )
    .filter(([, v]) => containsCjk(v))
    .map(([name]) => name);
  check(cjkFields.length === 0, () => issue('chineseCharacters', { fields: cjkFields.join(', ') }));

  const total = COMPLETENESS_BASIC_CHECKS + schemaRequired + COMPLETENESS_CJK_CHECKS;
  const rate = fulfilled / total;
  return { fulfilled, total, rate, percent: Math.round(rate * 100), issues };
}
