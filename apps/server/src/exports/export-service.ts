import {
  buildRocketGrowthPayload,
  buildSheetRow,
  buildSupplierHubDraft,
  cellText,
  exportMessage,
  type PayloadIssue,
  readSheetChanges,
  SHEET_COLUMNS,
  type SheetColumnKey,
} from '@rr/domain';
import ExcelJS from 'exceljs';
import type { CategoryCaches } from '../categories/category-caches.ts';
import type { Db } from '../db/database.ts';
import { AppError, badRequest } from '../errors/app-error.ts';
import { readSheetRows, type SheetRows } from '../limits/xlsx-budget.ts';
import { findProduct } from '../products/product-repository.ts';
import { updateProductPartial } from '../products/product-service.ts';
import { type ExportProduct, loadExportProducts, toExportProduct } from './export-products.ts';
import { readExportSettings } from './export-settings.ts';
import type { ImageFactsReader } from './image-facts.ts';
import { type Finding, type ProductPreflight, runPreflight } from './preflight-service.ts';

// The three exports (Supplier Hub draft, Rocket Growth payload, Excel review sheet) and the sheet's
// import. Each export runs the same pre-flight first; an error finding stops the two Coupang formats
// (the sheet is for review and carries the findings in a column).

export type ExportDeps = { db: Db; categories: CategoryCaches; facts: ImageFactsReader; now: () => Date };

export const PREFLIGHT_FAILED = {
  ko: '사전점검을 통과하지 못한 상품이 있습니다. 사전점검 결과를 확인하고 고쳐주세요.',
  en: 'Some products failed the pre-flight. Check and fix the findings.',
};

/** An export stopped by the pre-flight: 422 with every product's findings. */
export class PreflightFailed extends AppError {
  constructor(readonly preflight: ProductPreflight[]) {
    super('preflight_failed', 'invalid', PREFLIGHT_FAILED);
  }
}

export async function preflightProducts(deps: ExportDeps, companyId: string, ids: string[]) {
  const products = await loadExportProducts(deps.db, deps.categories, companyId, ids);
  return { products, preflight: await runPreflight(deps, companyId, products) };
}

function stopOnErrors(preflight: ProductPreflight[]): void {
  if (preflight.some((p) => p.status === 'error')) throw new PreflightFailed(preflight);
}

export async function exportSupplierHub(deps: ExportDeps, companyId: string, ids: string[]) {
  const { products, preflight } = await preflightProducts(deps, companyId, ids);
  stopOnErrors(preflight);
  const drafts = products.map((p) =>
    buildSupplierHubDraft({
      productName: p.productName,
      categoryPath: p.categoryPath,
      categoryId: p.categoryId ?? p.displayCategoryCode ?? 0,
      displayCategoryCode: p.displayCategoryCode ?? 0,
      docId: p.docId,
      documents: p.options.map((o) => o.document),
    }),
  );
  return { drafts, preflight };
}

/** `YYYY-MM-DDTHH:mm:ss` in Korea (+09:00), as the Open API takes dates. */
function koreaLocal(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 19);
}

export async function exportRocketGrowth(deps: ExportDeps, companyId: string, ids: string[]) {
  const { products, preflight } = await preflightProducts(deps, companyId, ids);
  const settings = await readExportSettings(deps.db, companyId);
  const now = deps.now();
  const built = products.map((p) =>
    buildRocketGrowthPayload({
      productName: p.productName,
      brand: p.brand,
      manufacturer: p.manufacturer,
      displayCategoryCode: p.displayCategoryCode ?? 0,
      categoryPath: p.categoryPath,
      options: p.options.map((o) => ({ optionNumber: o.optionNumber, document: o.document })),
      schema: p.schema ?? {
        attributes: [],
        noticeCategories: [],
        certifications: [],
        requiredDocuments: [],
        requiredFields: [],
        allowedOfferConditions: [],
        isAllowSingleItem: false,
        isExpirationDateRequiredForRocketGrowth: false,
        displayCategoryCode: null,
        categoryPath: '',
      },
      seller: settings.seller,
      saleStartedAt: koreaLocal(now),
      year: now.getUTCFullYear(),
    }),
  );
  // The payload's own checks (values against inputValues and units, skuInfo, public URLs) join the
  // pre-flight's findings of each product.
  built.forEach((b, k) => {
    const pf = preflight[k]!;
    const p = products[k]!;
    for (const issue of b.issues) pf.findings.push(toFinding(p, issue));
    if (pf.findings.some((f) => f.severity === 'error')) pf.status = 'error';
    else if (pf.findings.length) pf.status = 'warning';
  });
  stopOnErrors(preflight);
  return { payloads: built.map((b) => b.payload), preflight };
}

function toFinding(p: ExportProduct, issue: PayloadIssue): Finding {
  return {
    field:
      issue.optionIndex === null
        ? issue.field
        : `coupangDoc.jsonDocument.${issue.optionIndex}.${issue.field}`,
    rule: issue.rule,
    severity: issue.severity,
    message: issue.message,
    optionIndex: issue.optionIndex,
    optionNumber: issue.optionIndex === null ? null : (p.options[issue.optionIndex]?.optionNumber ?? null),
  };
}

// ---------------------------------------------------------------------------------------------- Excel

const SHEET_NAME = '상품검토';

function rowsOf(p: ExportProduct, pf: ProductPreflight | undefined) {
  return p.options.map((o, index) =>
    buildSheetRow({
      productId: p.id,
      registrationId: p.registrationId,
      optionNumber: o.optionNumber,
      optionName: o.name,
      categoryPath: p.categoryPath,
      doc: o.document,
      schema: p.schema ?? undefined,
      preflight: (pf?.findings ?? [])
        .filter((f) => f.optionIndex === index || f.optionIndex === null)
        .map((f) => `${f.severity === 'error' ? '✖' : '⚠'} ${f.message.ko}`),
    }),
  );
}

export async function exportXlsx(deps: ExportDeps, companyId: string, ids: string[]) {
  const { products, preflight } = await preflightProducts(deps, companyId, ids);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Rocket registration back-office';
  wb.created = deps.now();
  const ws = wb.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  ws.columns = SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  SHEET_COLUMNS.forEach((c, i) => {
    header.getCell(i + 1).fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.editable ? 'FFE7F5FF' : 'FFF1F3F5' },
    };
  });
  products.forEach((p, k) => {
    for (const row of rowsOf(p, preflight[k])) {
      const added = ws.addRow(row);
      added.alignment = { vertical: 'top', wrapText: true };
    }
  });
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SHEET_COLUMNS.length } };
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, rows: products.reduce((n, p) => n + p.options.length, 0), preflight };
}

export type ImportAnswer = {
  changed: {
    row: number;
    registrationId: string;
    optionNumber: string;
    changes: { column: string; header: string; from: string; to: string }[];
  }[];
  refused: {
    row: number;
    registrationId: string;
    optionNumber: string;
    column: string;
    header: string;
    value: string;
    reason: { ko: string; en: string };
  }[];
  unchangedRows: number;
};

/**
 * Reads an edited review sheet and applies the fields each row changed (through the document rules of
 * the domain's readSheetChanges); answers what changed and what was refused. Rows of other companies'
 * products are refused as unknown.
 */
export async function importXlsx(
  db: Db,
  categories: CategoryCaches,
  companyId: string,
  data: Buffer,
  readSheet: (data: Buffer, sheetName: string) => Promise<SheetRows> = readSheetRows,
): Promise<ImportAnswer> {
  // Read (and checked against XLSX_LIMITS) in the work pool when the route passes it: never here.
  const { rows } = await readSheet(data, SHEET_NAME);
  const headerCells = new Map<string, number>();
  for (const [i, v] of (rows.find((r) => r.number === 1)?.cells ?? []).entries())
    headerCells.set(cellText(v), i + 1);
  const columnOf = new Map<SheetColumnKey, number>();
  for (const c of SHEET_COLUMNS) {
    const at = headerCells.get(c.header);
    if (at) columnOf.set(c.key, at);
  }
  if (!columnOf.has('productId') || !columnOf.has('optionNumber'))
    throw badRequest(exportMessage('sheetNoHeader'), 'sheet_no_header');

  const answer: ImportAnswer = { changed: [], refused: [], unchangedRows: 0 };
  const byProduct = new Map<string, { updates: Record<string, unknown>; product: ExportProduct }>();
  const cache = new Map<string, ExportProduct | null>();
  for (const { number: r, cells } of rows) {
    if (r < 2) continue;
    const edited: Partial<Record<SheetColumnKey, unknown>> = {};
    for (const [key, col] of columnOf) edited[key] = cells[col - 1] ?? '';
    const productId = cellText(edited.productId);
    const optionNumber = cellText(edited.optionNumber);
    if (!productId && !optionNumber) continue;
    if (!cache.has(productId)) {
      const found = await findProduct(db, companyId, productId);
      cache.set(productId, found ? await toExportProduct(db, categories, companyId, found) : null);
    }
    const product = cache.get(productId);
    const index = product ? product.options.findIndex((o) => o.optionNumber === optionNumber) : -1;
    if (!product || index < 0) {
      answer.refused.push({
        row: r,
        registrationId: cellText(edited.registrationId),
        optionNumber,
        column: 'productId',
        header: '상품ID',
        value: productId,
        reason: exportMessage('sheetUnknownRow', { row: r }),
      });
      continue;
    }
    const option = product.options[index]!;
    const current = rowsOf(product, undefined)[index]!;
    const result = readSheetChanges({
      current,
      edited,
      index,
      doc: option.document,
      schema: product.schema ?? undefined,
    });
    for (const x of result.refused)
      answer.refused.push({
        row: r,
        registrationId: product.registrationId,
        optionNumber,
        column: x.column,
        header: x.header,
        value: x.value,
        reason: x.reason,
      });
    if (result.changes.length === 0) {
      if (result.refused.length === 0) answer.unchangedRows++;
      continue;
    }
    answer.changed.push({
      row: r,
      registrationId: product.registrationId,
      optionNumber,
      changes: result.changes.map((c) => ({ ...c })),
    });
    const entry = byProduct.get(product.id) ?? { updates: {}, product };
    Object.assign(entry.updates, result.updates);
    byProduct.set(product.id, entry);
  }
  // The seller's own edit path: the document rules on every save, and the changed fields recorded as
  // the seller's so that a later task run leaves them alone.
  for (const [id, { updates }] of byProduct)
    await updateProductPartial(db, companyId, { productId: id, updateFields: updates });
  return answer;
}
