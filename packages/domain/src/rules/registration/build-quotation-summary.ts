import { REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { Quotation } from '../../entities/quotation.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { quotationValidUntil } from './registration-defaults.ts';

// W §3 Quotation (summary): the product-level fields of the quotation, read from the first quoted
// option document, with W §9's registration defaults where the document has no value (barcode
// requested from the marketplace, taxation, business/import type, 24 SKUs per box, valid 30 days).

export interface QuotationSummaryInput {
  productName: string;
  document: RegistrationDocument | undefined;
  category: {
    categoryPath?: string | undefined;
    categoryId?: number | string | undefined;
    displayCategoryCode?: number | string | undefined;
  };
  certificates: readonly { name: string; value: string | null }[];
  generatedAt: string;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** The summary fields (everything but the per-option entries and search tags). */
export function buildQuotationSummary(
  input: QuotationSummaryInput,
): Omit<Quotation, 'options' | 'searchTags'> {
  const page = input.document?.productPage ?? {};
  const common = page.commonAttributes ?? {};
  const logistics = input.document?.logisticsPage ?? {};
  const purchasePrice = num(common.purchasePrice);
  const salePrice = num(common.coupangSalePrice);
  const msrp = num(common.msrp) ?? num(common.osrp);
  const daysToExpiration = num(logistics.daysToExpiration);
  const categoryId = num(input.category.categoryId);
  const displayCategoryCode = num(input.category.displayCategoryCode);
  const modelNumber = text(page.modelNumber);
  const brand = text(page.brand);
  const manufacturer = text(page.manufacturer);
  const categoryPath = text(input.category.categoryPath);
  return {
    productName: input.productName,
    ...(brand ? { brand } : {}),
    ...(modelNumber ? { modelNumber } : {}),
    ...(manufacturer ? { manufacturer } : {}),
    businessType: text(page.businessType) ?? REGISTRATION_DEFAULTS.transactionType,
    taxationType: text(page.taxationSchema) ?? REGISTRATION_DEFAULTS.taxationType,
    importType: text(page.importType) ?? REGISTRATION_DEFAULTS.importStatus,
    ...(categoryPath ? { categoryPath } : {}),
    ...(categoryId !== undefined ? { categoryId } : {}),
    ...(displayCategoryCode !== undefined ? { displayCategoryCode } : {}),
    barcode: text(common.productBarcode) ?? REGISTRATION_DEFAULTS.barcode,
    ...(purchasePrice !== undefined ? { purchasePrice } : {}),
    ...(salePrice !== undefined ? { salePrice } : {}),
    ...(msrp !== undefined ? { msrp } : {}),
    kcMarkType: text(input.document?.legalPage?.kcMarkType) ?? '',
    certificates: input.certificates.map((c) => ({ name: c.name, value: c.value })),
    totalSkusInBox: num(logistics.totalSKUsInBox) ?? REGISTRATION_DEFAULTS.totalSkusInBoxBoxed,
    ...(daysToExpiration !== undefined ? { daysToExpiration } : {}),
    generatedAt: input.generatedAt,
    validUntil: quotationValidUntil(input.generatedAt),
  };
}
