import {
  checkDetailImages,
  checkDocumentPreflight,
  checkDocumentSize,
  checkMainImage,
  checkOfflineOutput,
  docPath,
  exportMessage,
  findDuplicateBarcodes,
  isSameProduct,
  type PreflightFinding,
  readFieldSources,
  realBarcode,
  type StoredProduct,
} from '@rr/domain';
import type { ProductStore } from '../products/product-store.ts';
import { type ExportProduct, optionNameOf } from './export-products.ts';
import { readExportSettings, wordLists } from './export-settings.ts';
import type { ExportSettingsRepository } from './export-settings-repository.ts';
import type { ImageFactsReader } from './image-facts.ts';

// The pre-flight every export runs first: the domain's rules over each option document, the
// representative and detail images measured here (pixels, OCR), barcodes against the whole company,
// and products that already exist (same offer, name and options).

export type Finding = PreflightFinding & { optionNumber: string | null };

export type ProductPreflight = {
  productId: string;
  registrationId: string;
  productName: string;
  status: 'ok' | 'warning' | 'error';
  findings: Finding[];
};

const splitList = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** What the pre-flight reads products through: the products module's store. */
export type PreflightProducts = Pick<ProductStore, 'barcodes' | 'findByOfferIds'>;

async function companyBarcodes(store: PreflightProducts, companyId: string) {
  return (await store.barcodes(companyId)).filter((row) => realBarcode(row.barcode) !== null);
}

async function sameOfferProducts(store: PreflightProducts, companyId: string, products: ExportProduct[]) {
  const offers = [...new Set(products.map((p) => p.offerId).filter((o): o is string => !!o))];
  return store.findByOfferIds(companyId, offers);
}

const identityName = (doc: StoredProduct): string =>
  doc.coupangDoc?.productName ??
  doc.coupangDoc?.jsonDocument?.[0]?.startPage?.productName ??
  doc.productName ??
  '';

/** The category schema check of a product's documents (the product service's validateDocuments). */
export type ValidateDocuments = (
  companyId: string,
  productId: string,
) => Promise<{ documents: { index: number; valid: boolean; errors: { path: string; message: string }[] }[] }>;

export type PreflightDeps = {
  /** The company's own banned and brand words (beside the shipped lists). */
  exportSettings: Pick<ExportSettingsRepository, 'find'>;
  products: PreflightProducts;
  facts: ImageFactsReader;
  validateDocuments?: ValidateDocuments | undefined;
};

/** Adds one finding of the product being checked. */
type Add = (f: PreflightFinding) => void;
type SameOffer = Awaited<ReturnType<typeof sameOfferProducts>>;

export async function runPreflight(
  deps: PreflightDeps,
  companyId: string,
  products: ExportProduct[],
): Promise<ProductPreflight[]> {
  const words = wordLists(await readExportSettings(deps.exportSettings, companyId));
  const duplicateOf = await duplicateBarcodes(deps.products, companyId);
  const sameOffer = await sameOfferProducts(deps.products, companyId, products);
  const out: ProductPreflight[] = [];
  for (const p of products) {
    const findings: Finding[] = [];
    const add: Add = (f) =>
      findings.push({
        ...f,
        optionNumber: f.optionIndex === null ? null : (p.options[f.optionIndex]?.optionNumber ?? null),
      });
    if (!p.schema || p.options.length === 0) {
      add({
        field: 'rocketRegInfo',
        rule: 'notRegistered',
        severity: 'error',
        optionIndex: null,
        message: exportMessage('notRegistered'),
      });
      out.push(summarize(p, findings));
      continue;
    }
    checkOptionDocuments(p, p.schema, words, duplicateOf, add);
    checkSizeChart(p, add);
    await checkCategorySchema(deps.validateDocuments, companyId, p, add);
    await checkMainImages(deps.facts, companyId, p, add);
    await checkDetailImageLists(deps.facts, companyId, p, add);
    checkAlreadyExists(p, sameOffer, add);
    // W §9: the registration documents as they are sent, over 5 MB, are flagged (a warning).
    const size = checkDocumentSize(
      p.options.reduce((bytes, o) => bytes + Buffer.byteLength(JSON.stringify(o.document)), 0),
    );
    if (size) add(size);
    // Issue 20: values the offline demo AI wrote are flagged (a warning, the export may go on).
    const offline = checkOfflineOutput(readFieldSources(p.row.doc.fieldSources));
    if (offline) add(offline);
    out.push(summarize(p, findings));
  }
  return out;
}

/** The company's real barcodes that more than one option document holds: by `{productId}:{index}`, the others. */
async function duplicateBarcodes(store: PreflightProducts, companyId: string) {
  const barcodes = await companyBarcodes(store, companyId);
  const entries = barcodes.map((b) => ({
    where: `${b.registration_id} #${b.idx + 1}`,
    barcode: b.barcode,
    key: `${b.id}:${b.idx}`,
  }));
  const duplicates = findDuplicateBarcodes(entries);
  return new Map([...duplicates.entries()].map(([i, others]) => [entries[i]!.key, others]));
}

/** Each option document through the domain's rules, and its barcode against the company's. */
function checkOptionDocuments(
  p: ExportProduct,
  schema: NonNullable<ExportProduct['schema']>,
  words: ReturnType<typeof wordLists>,
  duplicateOf: ReadonlyMap<string, string[]>,
  add: Add,
): void {
  p.options.forEach((o, index) => {
    for (const f of checkDocumentPreflight({ doc: o.document, index, schema, words })) add(f);
    const barcode = realBarcode(o.document.productPage?.commonAttributes?.productBarcode);
    const others = barcode ? duplicateOf.get(`${p.id}:${index}`) : undefined;
    if (barcode && others?.length) {
      const field = docPath(index, 'productPage.commonAttributes.productBarcode');
      add({
        field,
        rule: 'duplicateBarcode',
        severity: 'error',
        optionIndex: index,
        message: exportMessage('duplicateBarcode', { barcode, other: others.join(', ') }),
        fix: {
          label: exportMessage('fixRequestBarcode'),
          updateFields: { [field]: '바코드 없음(쿠팡 바코드 생성 요청)' },
        },
      });
    }
  });
}

/** Issue 42: a size chart the task made from the category default needs the seller's confirmation. */
function checkSizeChart(p: ExportProduct, add: Add): void {
  const chart = p.row.doc.sizeChart;
  if (chart?.fromCategoryDefault === true && chart.confirmed !== true) {
    add({
      field: 'sizeChart',
      rule: 'sizeChartUnconfirmed',
      severity: 'error',
      optionIndex: null,
      message: exportMessage('sizeChartUnconfirmed', { sizes: (chart.sizes ?? []).join(' ') }),
      fix: { label: exportMessage('fixConfirmSizeChart'), updateFields: { 'sizeChart.confirmed': true } },
    });
  }
}

/** The category schema (Ajv, the same check as POST /api/aiRocketReg/validate): issue 20. */
async function checkCategorySchema(
  validateDocuments: ValidateDocuments | undefined,
  companyId: string,
  p: ExportProduct,
  add: Add,
): Promise<void> {
  if (!validateDocuments) return;
  const checked = await validateDocuments(companyId, p.id);
  for (const d of checked.documents) {
    for (const e of d.valid ? [] : d.errors) {
      const path = e.path.replace(/^\//, '').split('/').filter(Boolean).join('.');
      add({
        field: docPath(d.index, path),
        rule: 'schemaInvalid',
        severity: 'error',
        optionIndex: d.index,
        message: exportMessage('schemaInvalid', { path: path || '/', problem: e.message }),
      });
    }
  }
}

/** Representative images: each distinct image once, reported at the first option using it. */
async function checkMainImages(
  facts: ImageFactsReader,
  companyId: string,
  p: ExportProduct,
  add: Add,
): Promise<void> {
  const seenMain = new Set<string>();
  for (const [index, o] of p.options.entries()) {
    const url = o.document.imagePage?.images?.mainImage?.trim() ?? '';
    const field = docPath(index, 'imagePage.images.mainImage');
    if (!url) {
      add({
        field,
        rule: 'mainImageMissing',
        severity: 'error',
        optionIndex: index,
        message: exportMessage('mainImageMissing'),
      });
      continue;
    }
    if (seenMain.has(url)) continue;
    seenMain.add(url);
    const measured = await facts.mainImage(url, companyId);
    if (!measured)
      add({
        field,
        rule: 'mainImageUnreadable',
        severity: 'error',
        optionIndex: index,
        message: exportMessage('mainImageUnreadable', { url }),
      });
    for (const f of checkMainImage(measured, field, index)) add(f);
  }
}

/** Detail images: each distinct list once. */
async function checkDetailImageLists(
  facts: ImageFactsReader,
  companyId: string,
  p: ExportProduct,
  add: Add,
): Promise<void> {
  const seenDetail = new Set<string>();
  for (const [index, o] of p.options.entries()) {
    const details = o.document.imagePage?.details;
    const urls = splitList(details?.detailedImage);
    const key = urls.join(',');
    if (seenDetail.has(key)) continue;
    seenDetail.add(key);
    const measured = await Promise.all(urls.map((u) => facts.detailImage(u, companyId)));
    const hasHtml =
      typeof details?.htmlProductDetailContent === 'string' && details.htmlProductDetailContent.trim() !== '';
    for (const f of checkDetailImages(
      measured,
      hasHtml,
      docPath(index, 'imagePage.details.detailedImage'),
      index,
    ))
      add(f);
  }
}

/** A product that already exists: same offer, same name and options. */
function checkAlreadyExists(p: ExportProduct, sameOffer: SameOffer, add: Add): void {
  const me = { offerId: p.offerId, name: p.productName, optionNames: p.options.map((o) => o.name) };
  const twin = sameOffer.find(
    (r) =>
      r.id !== p.id &&
      isSameProduct(me, {
        offerId: r.offer_id,
        name: identityName(r.doc),
        optionNames: (r.doc.options ?? []).map(optionNameOf),
      }),
  );
  if (twin)
    add({
      field: 'source.offerId',
      rule: 'alreadyExists',
      severity: 'warning',
      optionIndex: null,
      message: exportMessage('alreadyExists', { offerId: p.offerId ?? '', other: twin.registration_id }),
    });
}

function summarize(p: ExportProduct, findings: Finding[]): ProductPreflight {
  const status = findings.some((f) => f.severity === 'error') ? 'error' : findings.length ? 'warning' : 'ok';
  return { productId: p.id, registrationId: p.registrationId, productName: p.productName, status, findings };
}
