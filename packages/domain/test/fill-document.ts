// Test helper: a registration document filled the way a finished quotation leaves it (the quotation
// task is built elsewhere; tests fill documents directly).
import { DETAIL_PAGE_REFERENCE, NOT_APPLICABLE, REGISTRATION_DEFAULTS } from '../src/constants.ts';
import type { CategorySchema, SchemaAttribute } from '../src/entities/category-schema.ts';
import type { RegistrationDocument } from '../src/entities/registration-document.ts';
import { isPurchaseOption, listPurchaseOptions } from '../src/rules/export/purchase-options.ts';
import { buildRegistrationDocument } from '../src/rules/registration/build-registration-document.ts';

/** A valid value for an attribute: its first choice, a number with the basic unit, or Korean text. */
export function sampleValue(a: SchemaAttribute, k = 0): string {
  if (a.inputType === 'SELECT' && a.choices.length) return a.choices[k % a.choices.length]!;
  if (a.dataType === 'NUMBER') return `${k + 1}${a.basicUnit ?? a.usableUnits[0] ?? ''}`;
  return ['블랙', '화이트', '네이비', '그레이'][k % 4]!;
}

export function fillDocument(
  schema: CategorySchema,
  k = 0,
  opts: { image?: string; productName?: string } = {},
): RegistrationDocument {
  const groupFirst = new Set(
    listPurchaseOptions(schema).flatMap((o) => (o.kind === 'group' ? [o.names[0]!] : [])),
  );
  const exposedValues: Record<string, string> = {};
  for (const a of schema.attributes)
    if (a.exposed && (isPurchaseOption(a) ? !a.groupNumber || groupFirst.has(a.name) : false))
      exposedValues[a.name] = sampleValue(a, k);
  const firstExposed = schema.attributes.find((a) => a.exposed);
  if (Object.keys(exposedValues).length === 0 && firstExposed)
    exposedValues[firstExposed.name] = sampleValue(firstExposed, k);
  const doc = buildRegistrationDocument(schema, {
    productName: opts.productName ?? '심플 데일리 수납 바구니',
    categoryPath: schema.categoryPath,
    brand: '브랜드 없음',
    manufacturer: '협력사',
    prices: { purchasePrice: 5000, coupangSalePrice: 8900, msrp: 12000 },
    exposedValues,
    labelImage: 'https://cdn.example.com/label.png',
  });
  const image = opts.image ?? 'https://cdn.example.com/main.jpg';
  const page = doc.productPage!;
  page.searchTags = '수납, 바구니, 정리함';
  page.modelNumber = `MODEL-${k + 1}`;
  page.unexposedAttributes = schema.attributes
    .filter((a) => !a.exposed)
    .map((a) => ({ attributeName: a.name, attributeValue: a.required ? sampleValue(a) : null }));
  doc.imagePage!.images!.mainImage = image;
  doc.imagePage!.images!.sizeChartImage = 'https://cdn.example.com/size.png';
  doc.imagePage!.details = {
    detailedImage: 'https://cdn.example.com/detail.jpg',
    htmlProductDetailContent: null,
    altText: '심플 데일리 수납 바구니',
  };
  doc.legalPage!.notices = (doc.legalPage!.notices ?? []).map((n) => ({
    ...n,
    noticeItemValue: n.noticeItemValue || DETAIL_PAGE_REFERENCE,
  }));
  doc.legalPage!.certificates = schema.certifications
    .filter((c) => c.required === 'MANDATORY')
    .map((c) => ({ certificateName: c.name, certificateValue: 'CB000A000-0000' }));
  if (schema.isExpirationDateRequiredForRocketGrowth) doc.logisticsPage!.daysToExpiration = 365;
  // What the quotation fills beyond the skeleton's blanks (KC type, barcode, special handling, season).
  doc.legalPage!.kcMarkType = NOT_APPLICABLE;
  page.commonAttributes!.productBarcode = REGISTRATION_DEFAULTS.barcode;
  doc.logisticsPage!.specialHandlingReason = NOT_APPLICABLE;
  doc.logisticsPage!.fashionSeason = REGISTRATION_DEFAULTS.fashionSeason;
  doc.logisticsPage!.skuUnitBoxDimension = '150*300*400';
  doc.logisticsPage!.skuUnitBoxWeight = '500';
  return doc;
}
