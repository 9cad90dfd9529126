import {
  type CategorySchema,
  CategorySchema as CategorySchemaZ,
  exposedAttributesOf,
  isRecord,
  type OptionNamePart,
  type RegistrationDocument,
  type StoredProductOption,
  stripOptionText,
} from '@rr/domain';
import type { CategorySchemas } from '../categories/category-schemas.ts';
import { badRequest, notFound } from '../errors/app-error.ts';
import type { ProductRow, ProductStore } from '../products/product-store.ts';

// The products an export reads: the company's, by id, with their option documents and category schema.

export type ExportProduct = {
  id: string;
  registrationId: string;
  offerId: string | null;
  /** Product name without option text (the Supplier Hub envelope, the Open API's sellerProductName). */
  productName: string;
  brand: string;
  manufacturer: string;
  categoryPath: string;
  displayCategoryCode: number | null;
  categoryId: number | string | null;
  docId: number | string | null;
  options: { optionNumber: string; name: string; document: RegistrationDocument; itemValues: string[] }[];
  schema: CategorySchema | null;
  /** rocketRegInfo.schemaString, for the JSON Schema check. */
  schemaString: string | null;
  row: ProductRow;
};

export const EXPORT_MESSAGES_HTTP = {
  noProducts: { ko: '내보낼 상품을 선택해주세요.', en: 'Select the products to export.' },
  notFound: { ko: '상품을 찾을 수 없습니다: {id}', en: 'Product not found: {id}' },
} as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function optionNameOf(option: StoredProductOption | undefined): string {
  if (!option) return '';
  const name = (o: Partial<OptionNamePart> | null | undefined) => str(o?.nameTrans) || str(o?.name);
  return str(option.korName) || [name(option.option1), name(option.option2)].filter(Boolean).join(' ');
}

export async function toExportProduct(
  categories: Pick<CategorySchemas, 'find'>,
  companyId: string,
  row: ProductRow,
): Promise<ExportProduct> {
  const doc = row.doc;
  const info = doc.rocketRegInfo ?? undefined;
  const coupangDoc = doc.coupangDoc;
  const documents = coupangDoc?.jsonDocument ?? [];
  const options = doc.options ?? [];
  const code = Number(info?.displayCategoryCode);
  let schema: CategorySchema | null = null;
  const parsed = CategorySchemaZ.safeParse(info?.schemaInfo);
  if (parsed.success) schema = parsed.data;
  else if (Number.isFinite(code)) schema = (await categories.find(code, companyId))?.schema ?? null;
  const exposedValues = documents.flatMap((d) =>
    exposedAttributesOf(d)
      .map((a) =>
        a.attributeValue === null || a.attributeValue === undefined ? '' : String(a.attributeValue),
      )
      .filter(Boolean),
  );
  const optionNames = options.map(optionNameOf).filter(Boolean);
  const rawName =
    str(coupangDoc?.productName) ||
    str(documents[0]?.startPage?.productName) ||
    str(doc.seo?.productName) ||
    str(doc.productName);
  const first = documents[0]?.productPage;
  // A split product's distinguishing value (Q §4) is an item value when the schema has no attribute
  // that holds it (issue 20: never glued onto the product name).
  const split = isRecord(doc.splitGroup) ? doc.splitGroup : undefined;
  const splitAttribute = str(split?.attributeName);
  const allSplitValues = split
    ? (Array.isArray(split.values) ? split.values : [split.value]).map(str).filter(Boolean)
    : [];
  const splitValues = !(schema?.attributes ?? []).some((a) => a.exposed && a.name === splitAttribute)
    ? allSplitValues
    : [];
  return {
    id: row.id,
    registrationId: row.registration_id,
    offerId: doc.source?.offerId ?? null,
    // The name's ", {value}" of a split (Q §4) is cut here: the item names carry the values.
    productName: stripOptionText(rawName, [...exposedValues, ...optionNames, ...allSplitValues]),
    brand: str(first?.brand) || str(doc.brand),
    manufacturer: str(first?.manufacturer) || str(doc.manufacturer),
    categoryPath: str(info?.categoryPath),
    displayCategoryCode: Number.isFinite(code) ? code : null,
    categoryId: info?.categoryId ?? (Number.isFinite(code) ? code : null),
    docId: coupangDoc?.docId ?? null,
    options: documents.map((document, i) => ({
      optionNumber: str(options[i]?.optionNumber),
      name: optionNameOf(options[i]),
      document,
      itemValues: splitValues,
    })),
    schema,
    schemaString: info?.schemaString ?? null,
    row,
  };
}

/** The company's products of these ids, in the order given; an unknown id answers 404. */
export async function loadExportProducts(
  store: Pick<ProductStore, 'find'>,
  categories: Pick<CategorySchemas, 'find'>,
  companyId: string,
  ids: readonly string[],
): Promise<ExportProduct[]> {
  if (ids.length === 0) throw badRequest(EXPORT_MESSAGES_HTTP.noProducts, 'no_products_selected');
  const out: ExportProduct[] = [];
  for (const id of [...new Set(ids)]) {
    const row = await store.find(companyId, id);
    if (!row) {
      const m = EXPORT_MESSAGES_HTTP.notFound;
      throw notFound({ ko: m.ko.replace('{id}', id), en: m.en.replace('{id}', id) }, 'product_not_found');
    }
    out.push(await toExportProduct(categories, companyId, row));
  }
  return out;
}
