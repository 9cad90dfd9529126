// TODO(domain): move to @rr/domain — the converter from a raw Coupang category metadata answer.
import {
  type CategorySchema,
  CategorySchema as CategorySchemaZ,
  CoupangCategoryMetaAnswer,
  type SchemaRequiredField,
} from '@rr/domain';

/** Names of notice items filled from the settings (maker, after-service, origin, quality guarantee). */
const SIZE_CHART_ROOTS = ['패션의류잡화'];

/**
 * A Coupang category metadata answer (`{ code, message, data }` or its `data`) → our CategorySchema.
 * Also decides which document fields the registration form requires (Supplier Hub's pages).
 */
export function convertCategoryMeta(
  raw: unknown,
  displayCategoryCode: number,
  categoryPath: string,
): CategorySchema {
  const answer = CoupangCategoryMetaAnswer.parse(
    raw && typeof raw === 'object' && 'data' in raw ? raw : { data: raw },
  );
  const meta = answer.data;
  const attributes = meta.attributes.map((a) => ({
    name: a.attributeTypeName,
    dataType: a.dataType ?? 'STRING',
    inputType: a.inputType === 'SELECT' ? ('SELECT' as const) : ('INPUT' as const),
    choices: a.inputValues ?? [],
    basicUnit: a.basicUnit && a.basicUnit !== '없음' ? a.basicUnit : null,
    usableUnits: a.usableUnits ?? [],
    required: a.required === 'MANDATORY',
    exposed: a.exposed === 'EXPOSED',
    groupNumber: a.groupNumber && a.groupNumber !== 'NONE' ? a.groupNumber : null,
  }));
  const noticeCategories = meta.noticeCategories.map((n) => ({
    name: n.noticeCategoryName,
    items: n.noticeCategoryDetailNames.map((d) => ({
      name: d.noticeCategoryDetailName,
      required: d.required !== 'OPTIONAL',
      choices: [],
    })),
  }));
  const certifications = meta.certifications.map((c) => ({
    type: c.certificationType,
    name: c.name,
    dataType: c.dataType ?? 'NONE',
    required: c.required ?? 'OPTIONAL',
  }));
  const requiredDocuments = meta.requiredDocumentNames.map((d) => ({
    templateName: d.templateName,
    required: d.required ?? 'OPTIONAL',
  }));
  const isFashion = SIZE_CHART_ROOTS.some((root) => categoryPath.startsWith(root));
  return CategorySchemaZ.parse({
    displayCategoryCode,
    categoryPath,
    isAllowSingleItem: meta.isAllowSingleItem ?? false,
    attributes,
    noticeCategories,
    certifications,
    requiredDocuments,
    allowedOfferConditions: meta.allowedOfferConditions,
    isExpirationDateRequiredForRocketGrowth: meta.isExpirationDateRequiredForRocketGrowth ?? false,
    requiredFields: requiredFieldsFor({ isFashion }),
  });
}

/** The Supplier Hub form's required fields; fashion adds the size chart image. */
function requiredFieldsFor(kind: { isFashion: boolean }): SchemaRequiredField[] {
  const f = (
    section: SchemaRequiredField['section'],
    path: string,
    title: string,
    type: SchemaRequiredField['type'] = 'string',
  ): SchemaRequiredField => ({ section, path, title, type });
  const fields: SchemaRequiredField[] = [
    f('startPage', 'productName', '상품명'),
    f('productPage', 'brand', '브랜드'),
    f('productPage', 'manufacturer', '제조사'),
    f('productPage', 'taxationSchema', '과세여부'),
    f('productPage', 'searchTags', '검색어'),
    f('productPage', 'commonAttributes.purchasePrice', '공급가', 'integer'),
    f('imagePage', 'images.mainImage', '대표이미지'),
    f('imagePage', 'details.detailedImage', '상세이미지'),
    f('imagePage', 'details.altText', '대체텍스트'),
    f('logisticsPage', 'skuUnitBoxDimension', '박스 크기'),
    f('logisticsPage', 'skuUnitBoxWeight', '박스 무게'),
    f('logisticsPage', 'totalSKUsInBox', 'totalSKUsInBox', 'integer'),
    f('legalPage', 'kcMarkType', 'KC 인증 유형'),
    f('legalPage', 'notices', '상품고시정보', 'array'),
  ];
  if (kind.isFashion) fields.push(f('imagePage', 'images.sizeChartImage', '사이즈 차트 이미지'));
  return fields;
}
