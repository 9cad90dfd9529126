import {
  CategorySchema,
  CoupangCategoryMeta,
  type SchemaAttribute,
  type SchemaRequiredField,
} from '../../entities/category-schema.ts';

/**
 * Document fields every rocket registration form requires (Supplier Hub draft pages), beyond the
 * eight basic completeness checks. adCert is listed but may be empty (W §5).
 */
export const BASE_REQUIRED_FIELDS: readonly SchemaRequiredField[] = [
  { section: 'productPage', path: 'manufacturer', title: '제조사', type: 'string' },
  { section: 'productPage', path: 'businessType', title: '거래 유형', type: 'string' },
  { section: 'productPage', path: 'taxationSchema', title: '과세 유형', type: 'string' },
  { section: 'productPage', path: 'importType', title: '수입 여부', type: 'string' },
  { section: 'imagePage', path: 'images.labelImages', title: '한글 표시사항 라벨', type: 'array' },
  { section: 'logisticsPage', path: 'skuUnitBoxDimension', title: '박스 규격', type: 'string' },
  { section: 'logisticsPage', path: 'skuUnitBoxWeight', title: '박스 무게', type: 'string' },
  { section: 'logisticsPage', path: 'totalSKUsInBox', title: '박스 내 SKU 수량', type: 'integer' },
  { section: 'legalPage', path: 'kcMarkType', title: 'KC 인증 유형', type: 'string' },
  { section: 'legalPage', path: 'adCert', title: '광고 인증', type: 'string' },
];

export const SIZE_CHART_FIELD: SchemaRequiredField = {
  section: 'imagePage',
  path: 'images.sizeChartImage',
  title: '사이즈 차트 이미지',
  type: 'string',
};

export const EXPIRATION_FIELD: SchemaRequiredField = {
  section: 'logisticsPage',
  path: 'daysToExpiration',
  title: '유통기한',
  type: 'integer',
};

/** Notice categories of worn goods: their forms ask for a size chart image. */
const SIZE_CHART_NOTICE_CATEGORIES = /의류|구두|신발|패션잡화|가방|모자/;

function isMandatory(required: string | undefined): boolean {
  return required === 'MANDATORY';
}

function toAttribute(raw: CoupangCategoryMeta['attributes'][number]): SchemaAttribute {
  const choices = raw.inputValues ?? [];
  const inputType =
    raw.inputType === 'SELECT' || (raw.inputType === undefined && choices.length > 0) ? 'SELECT' : 'INPUT';
  const { attributeTypeName: _name, inputValues: _values, ...rest } = raw;
  return {
    ...rest,
    name: raw.attributeTypeName,
    dataType: raw.dataType ?? 'STRING',
    inputType,
    choices,
    basicUnit: raw.basicUnit && raw.basicUnit !== '없음' ? raw.basicUnit : null,
    usableUnits: raw.usableUnits ?? [],
    required: isMandatory(raw.required),
    exposed: raw.exposed === 'EXPOSED',
    groupNumber: raw.groupNumber && raw.groupNumber !== 'NONE' ? raw.groupNumber : null,
  };
}

/** Whether the category's form lists a size chart image as required (drives the size chart task). */
export function isSizeChartRequired(schema: Pick<CategorySchema, 'requiredFields'>): boolean {
  return schema.requiredFields.some((f) => f.section === 'imagePage' && f.path === SIZE_CHART_FIELD.path);
}

/**
 * Converts Coupang's category metadata answer (the whole `{code, message, data}` or just `data`)
 * into our CategorySchema, without hand work.
 */
export function convertCoupangCategoryMeta(
  answer: unknown,
  extra: {
    displayCategoryCode?: number;
    categoryPath?: string;
    requiredFields?: readonly SchemaRequiredField[];
  } = {},
): CategorySchema {
  const body =
    answer !== null && typeof answer === 'object' && 'data' in answer
      ? (answer as { data: unknown }).data
      : answer;
  const meta = CoupangCategoryMeta.parse(body);
  const noticeCategories = meta.noticeCategories.map((c) => ({
    name: c.noticeCategoryName,
    items: c.noticeCategoryDetailNames.map((d) => ({
      name: d.noticeCategoryDetailName,
      required: d.required === undefined || isMandatory(d.required),
      choices: [],
    })),
  }));
  const requiredFields = [...(extra.requiredFields ?? BASE_REQUIRED_FIELDS)];
  if (meta.isExpirationDateRequiredForRocketGrowth) requiredFields.push(EXPIRATION_FIELD);
  if (noticeCategories.some((c) => SIZE_CHART_NOTICE_CATEGORIES.test(c.name)))
    requiredFields.push(SIZE_CHART_FIELD);
  return CategorySchema.parse({
    displayCategoryCode: extra.displayCategoryCode ?? null,
    categoryPath: extra.categoryPath ?? '',
    isAllowSingleItem: meta.isAllowSingleItem ?? false,
    attributes: meta.attributes.map(toAttribute),
    noticeCategories,
    certifications: meta.certifications.map(({ certificationType, ...c }) => ({
      ...c,
      type: certificationType,
      name: c.name,
      dataType: c.dataType ?? 'NONE',
      required: c.required ?? 'OPTIONAL',
    })),
    requiredDocuments: meta.requiredDocumentNames.map((d) => ({
      templateName: d.templateName,
      required: d.required ?? 'OPTIONAL',
    })),
    allowedOfferConditions: meta.allowedOfferConditions,
    isExpirationDateRequiredForRocketGrowth: meta.isExpirationDateRequiredForRocketGrowth ?? false,
    requiredFields,
  });
}
