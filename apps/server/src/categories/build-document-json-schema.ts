import type { CategorySchema, SchemaRequiredField } from '@rr/domain';
import { DETAIL_PAGE_REFERENCE } from '@rr/domain';

// CategorySchema → JSON Schema (draft-07) of one jsonDocument entry: what rocketRegInfo.schemaString
// holds and what Ajv checks documents against. Every constraint carries its Korean message in
// `description`; required properties carry their label in `title`.

type Json = Record<string, unknown>;

const nonEmptyString = { type: 'string', minLength: 1, pattern: '\\S' };
const nonEmptyValue = { anyOf: [nonEmptyString, { type: 'number' }] };

/** `target[key]`, set to `init` first when missing. */
function ensure(target: Json, key: string, init: unknown): unknown {
  if (target[key] === undefined) target[key] = init;
  return target[key];
}

function attributeItems(schema: CategorySchema, exposed: boolean): Json {
  const rules = schema.attributes
    .filter((a) => a.exposed === exposed && a.inputType === 'SELECT' && a.choices.length > 0)
    .map((a) => ({
      if: { properties: { attributeName: { const: a.name } }, required: ['attributeName'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword.
      then: {
        properties: {
          attributeValue: {
            anyOf: [{ enum: [...a.choices, DETAIL_PAGE_REFERENCE] }, { type: 'null' }, { const: '' }],
            description: `${a.name}: 허용된 값이 아닙니다 (${a.choices.slice(0, 10).join(', ')}${a.choices.length > 10 ? ' …' : ''}).`,
          },
        },
      },
    }));
  return {
    type: 'object',
    required: ['attributeName'],
    properties: {
      attributeName: { type: 'string', minLength: 1 },
      attributeValue: { type: ['string', 'number', 'null'] },
    },
    ...(rules.length ? { allOf: rules } : {}),
  };
}

function containsAttribute(name: string, message: string): Json {
  return {
    contains: {
      type: 'object',
      required: ['attributeName', 'attributeValue'],
      properties: { attributeName: { const: name }, attributeValue: nonEmptyValue },
    },
    description: message,
  };
}

/** Builds `{ type: object, properties: { a: { … properties: { b: leaf } } } }` for a dotted path. */
function setPath(target: Json, path: string[], leaf: Json, title: string): void {
  let node = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    node.type = 'object';
    const props = ensure(node, 'properties', {}) as Json;
    const required = ensure(node, 'required', []) as string[];
    if (!required.includes(key)) required.push(key);
    if (i === path.length - 1) {
      props[key] = { ...(props[key] as Json | undefined), ...leaf, title };
    } else {
      node = ensure(props, key, { type: 'object', title: path.slice(0, i + 1).join('.') }) as Json;
    }
  }
}

const leafFor = (type: string): Json => {
  switch (type) {
    case 'integer':
      return {
        anyOf: [
          { type: 'integer', minimum: 1 },
          { type: 'string', pattern: '^[1-9][0-9]*$' },
        ],
      };
    case 'number':
      return {
        anyOf: [
          { type: 'number', exclusiveMinimum: 0 },
          { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' },
        ],
      };
    case 'array':
      return { type: 'array', minItems: 1 };
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return { type: 'object' };
    default:
      return { anyOf: [nonEmptyString, { type: 'array', minItems: 1, items: nonEmptyString }] };
  }
};

/** Fields every Supplier Hub draft form requires, whatever the category (W §5 basic checks). */
const FORM_BASIC_FIELDS: readonly SchemaRequiredField[] = [
  { section: 'startPage', path: 'productName', title: '상품명', type: 'string' },
  { section: 'productPage', path: 'brand', title: '브랜드', type: 'string' },
  { section: 'productPage', path: 'searchTags', title: '검색어', type: 'string' },
  { section: 'productPage', path: 'commonAttributes.purchasePrice', title: '공급가', type: 'integer' },
  { section: 'imagePage', path: 'images.mainImage', title: '대표이미지', type: 'string' },
  { section: 'imagePage', path: 'details.detailedImage', title: '상세이미지', type: 'string' },
  { section: 'imagePage', path: 'details.altText', title: '대체텍스트', type: 'string' },
];

export function buildDocumentJsonSchema(schema: CategorySchema): Json {
  const root: Json = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `urn:rocket-registration:category:${schema.displayCategoryCode ?? 'generic'}`,
    title: schema.categoryPath,
    type: 'object',
    properties: {},
    required: [],
  };
  addRequiredFields(root, schema);
  const props = root.properties as Json;
  addAttributes(props, schema);
  addNotices(props, schema);
  return root;
}

/**
 * The form's basic fields (the completeness check's basic checks, which the domain's schema does
 * not list again as schema-required), then the category's required fields.
 */
function addRequiredFields(root: Json, schema: CategorySchema): void {
  for (const field of [...FORM_BASIC_FIELDS, ...schema.requiredFields]) {
    if (field.section === 'sourcingPage') continue;
    // adCert is listed by the form but may be empty (W §5): the key must be there, any text will do.
    const leaf =
      field.section === 'legalPage' && field.path === 'adCert'
        ? { type: ['string', 'null'] }
        : leafFor(field.type);
    setPath(root, [field.section, ...field.path.split('.')], leaf, field.title);
  }
}

/** The exposed and unexposed attributes (each mandatory one present), and the grouped mandatory ones. */
function addAttributes(props: Json, schema: CategorySchema): void {
  const productPage = ensure(props, 'productPage', { type: 'object', properties: {} }) as Json;
  const pp = ensure(productPage, 'properties', {}) as Json;
  const common = ensure(pp, 'commonAttributes', { type: 'object', properties: {} }) as Json;
  const commonProps = ensure(common, 'properties', {}) as Json;

  const mandatoryExposed = schema.attributes.filter((a) => a.exposed && a.required && !a.groupNumber);
  commonProps.exposedAttributes = {
    type: 'array',
    minItems: 1,
    title: '노출속성',
    description: '노출속성이 최소 1개 필요합니다.',
    items: attributeItems(schema, true),
    ...(mandatoryExposed.length
      ? {
          allOf: mandatoryExposed.map((a) =>
            containsAttribute(a.name, `필수 노출속성이 누락되었습니다: ${a.name}`),
          ),
        }
      : {}),
  };
  const commonRequired = ensure(common, 'required', []) as string[];
  if (!commonRequired.includes('exposedAttributes')) commonRequired.push('exposedAttributes');
  const ppRequired = ensure(productPage, 'required', []) as string[];
  if (!ppRequired.includes('commonAttributes')) ppRequired.push('commonAttributes');

  const mandatoryUnexposed = schema.attributes.filter((a) => !a.exposed && a.required && !a.groupNumber);
  pp.unexposedAttributes = {
    type: 'array',
    title: '비노출속성',
    items: attributeItems(schema, false),
    ...(mandatoryUnexposed.length
      ? {
          allOf: mandatoryUnexposed.map((a) =>
            containsAttribute(a.name, `필수 비노출속성이 누락되었습니다: ${a.name}`),
          ),
        }
      : {}),
  };
  if (mandatoryUnexposed.length && !ppRequired.includes('unexposedAttributes'))
    ppRequired.push('unexposedAttributes');

  // Grouped mandatory attributes (same groupNumber): at least one of the group must be filled.
  const groups = new Map<string, string[]>();
  for (const a of schema.attributes) {
    if (a.required && a.groupNumber)
      groups.set(a.groupNumber, [...(groups.get(a.groupNumber) ?? []), a.name]);
  }
  if (groups.size) {
    const groupRules = [...groups.values()].map((names) => ({
      anyOf: names.map((n) => ({
        properties: {
          exposedAttributes: containsAttribute(n, `${names.join(' 또는 ')} 중 하나가 필요합니다.`),
        },
      })),
      description: `${names.join(' 또는 ')} 중 하나가 필요합니다.`,
    }));
    common.allOf = groupRules;
  }
}

/** Notices: every mandatory item of one of the category's notice groups. */
function addNotices(props: Json, schema: CategorySchema): void {
  if (schema.noticeCategories.length) {
    const legal = ensure(props, 'legalPage', { type: 'object', properties: {} }) as Json;
    const lp = ensure(legal, 'properties', {}) as Json;
    const noticeItem = {
      type: 'object',
      properties: { noticeItemName: { type: 'string' }, noticeItemValue: { type: ['string', 'null'] } },
    };
    const groupsOfNotices = schema.noticeCategories.map((n) => ({
      allOf: n.items
        .filter((i) => i.required)
        .map((i) => ({
          contains: {
            type: 'object',
            required: ['noticeItemName', 'noticeItemValue'],
            properties: { noticeItemName: { const: i.name }, noticeItemValue: nonEmptyString },
          },
          description: `상품고시정보 '${i.name}'이(가) 필수입니다.`,
        })),
      description: n.name,
    }));
    lp.notices = {
      ...(lp.notices as Json | undefined),
      type: 'array',
      title: '상품고시정보',
      items: noticeItem,
      anyOf: groupsOfNotices,
      description: `상품고시정보를 ${schema.noticeCategories.map((n) => n.name).join(' / ')} 중 하나로 모두 입력해야 합니다.`,
    };
  }
}
