import { createHash } from 'node:crypto';
import {
  buildSellerProductPayload,
  buildSheetRow,
  buildSupplierHubDraft,
  cellText,
  exportedDigests,
  exportMessage,
  type PayloadIssue,
  quoteFormulaText,
  readExportedDigests,
  readSheetChanges,
  SHEET_CHECK_COLUMNS,
  SHEET_COLUMNS,
  type SheetColumnKey,
} from '@rr/domain';
import type { CategorySchemas } from '../categories/category-schemas.ts';
import { AppError, badRequest } from '../errors/app-error.ts';
import { readSheetRows, type SheetRows } from '../limits/xlsx-budget.ts';
import { isUuid, type ProductStore } from '../products/product-store.ts';
import { type ExportProduct, loadExportProducts, toExportProduct } from './export-products.ts';
import { readExportSettings } from './export-settings.ts';
import type { ExportSettingsRepository } from './export-settings-repository.ts';
import type { ImageFactsReader } from './image-facts.ts';
import {
  type Finding,
  type ProductPreflight,
  runPreflight,
  type ValidateDocuments,
} from './preflight-service.ts';

// The three exports (Supplier Hub draft, Rocket Growth payload, Excel review sheet) and the sheet's
// import. Each export runs the same pre-flight first; an error finding stops the two Coupang formats
// (the sheet is for review and carries the findings in a column).

export type ExportDeps = {
  /** The company's export settings (word lists, seller details, what its account answered). */
  exportSettings: Pick<ExportSettingsRepository, 'find'>;
  /** Products are read (and the sheet's edits written) through the products module's store. */
  products: Pick<ProductStore, 'find' | 'barcodes' | 'findByOfferIds' | 'editLocked'>;
  /** A product's category schema when its document carries none (the company's own first). */
  categories: Pick<CategorySchemas, 'find'>;
  facts: ImageFactsReader;
  now: () => Date;
  /** The category schema check (issue 20: an invalid document stops the Coupang exports). */
  validateDocuments?: ValidateDocuments | undefined;
  /**
   * Issue 23: the origin the app's own files (`/files/…`) are reachable at from outside (PUBLIC_URL):
   * their addresses in the Rocket Growth payload are made absolute with it.
   */
  imageBase?: string | undefined;
  /** Issue 37: the Coupang gateway is our local stand-in (it fetches images on the app's own port). */
  localGateway?: boolean | undefined;
};

/** A relative `/files/…` address made absolute under `base` (when there is one). */
const absolute = (url: string, base: string | undefined) =>
  base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;

/** An option document with its image addresses made absolute under `base` (relative ones only). */
function withAbsoluteImages<T extends ExportProduct['options'][number]['document']>(doc: T, base: string): T {
  const abs = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url);
  const list = (v: unknown) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((u) => abs(u.trim()))
          .join(',')
      : v;
  const page = doc.imagePage;
  if (!page) return doc;
  return {
    ...doc,
    imagePage: {
      ...page,
      ...(page.images
        ? {
            images: {
              ...page.images,
              ...(typeof page.images.mainImage === 'string' ? { mainImage: abs(page.images.mainImage) } : {}),
              ...(page.images.additionalImage !== undefined
                ? { additionalImage: list(page.images.additionalImage) }
                : {}),
            },
          }
        : {}),
      ...(page.details
        ? {
            details: {
              ...page.details,
              ...(page.details.detailedImage !== undefined
                ? { detailedImage: list(page.details.detailedImage) }
                : {}),
              ...(typeof page.details.htmlProductDetailContent === 'string'
                ? {
                    htmlProductDetailContent: page.details.htmlProductDetailContent.replace(
                      /(src=["'])(\/(?!\/)[^"']*)/g,
                      (_m, a: string, u: string) => `${a}${base}${u}`,
                    ),
                  }
                : {}),
            },
          }
        : {}),
    },
  } as T;
}

export const PREFLIGHT_FAILED = {
  ko: '사전점검을 통과하지 못한 상품이 있습니다. 사전점검 결과를 확인하고 고쳐주세요.',
  en: 'Some products failed the pre-flight. Check and fix the findings.',
};

/** An export stopped by the pre-flight: 422 (`unprocessable`) with every product's findings. */
export class PreflightFailed extends AppError {
  constructor(readonly preflight: ProductPreflight[]) {
    super('preflight_failed', 'unprocessable', PREFLIGHT_FAILED, undefined, { preflight });
  }
}

export async function preflightProducts(deps: ExportDeps, companyId: string, ids: string[]) {
  const products = await loadExportProducts(deps.products, deps.categories, companyId, ids);
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

/**
 * The pre-flight with the Open API's own checks (issue 37): the payload is built in the company's
 * channel layout and every rule the create documentation states joins the product's findings.
 */
export async function preflightForCoupang(deps: ExportDeps, companyId: string, ids: string[]) {
  const { products, preflight } = await preflightProducts(deps, companyId, ids);
  const settings = await readExportSettings(deps.exportSettings, companyId);
  const now = deps.now();
  const built = products.map((p) =>
    buildSellerProductPayload({
      productName: p.productName,
      brand: p.brand,
      manufacturer: p.manufacturer,
      displayCategoryCode: p.displayCategoryCode ?? 0,
      categoryPath: p.categoryPath,
      options: p.options.map((o) => ({
        optionNumber: o.optionNumber,
        document: deps.imageBase ? withAbsoluteImages(o.document, deps.imageBase) : o.document,
        itemValues: o.itemValues,
      })),
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
      // Issue 37: codes and categories are checked against what the seller's account answered last.
      accountCodes: settings.accountCodes && {
        outbound: settings.accountCodes.outbound.map((o) => o.code),
        returnCenters: settings.accountCodes.returnCenters.map((o) => o.code),
      },
      rocketGrowthCategories: settings.rocketGrowthCategories
        ? new Set(settings.rocketGrowthCategories.codes)
        : null,
      localGateway: deps.localGateway === true,
      requiredDocuments: (p.row.doc.coupangDocuments ?? []).map((d) => ({
        templateName: d.templateName,
        vendorDocumentPath: absolute(d.vendorDocumentPath, deps.imageBase),
      })),
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
  return { payloads: built.map((b) => b.payload), preflight };
}

export async function exportRocketGrowth(deps: ExportDeps, companyId: string, ids: string[]) {
  const { payloads, preflight } = await preflightForCoupang(deps, companyId, ids);
  stopOnErrors(preflight);
  return { payloads, preflight };
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

/** A short digest of a cell's text, for the hidden `내보낸 값` column (not a secret: a change check). */
const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The version the sheet records: the product's updatedAt, as every other call answers it. */
const versionOf = (p: ExportProduct): string => p.row.updated_at.toISOString();

export async function exportXlsx(deps: ExportDeps, companyId: string, ids: string[]) {
  const { products, preflight } = await preflightProducts(deps, companyId, ids);
  // Loaded on first use (the module cache keeps it): ≈ 8 MB of heap that every full garbage
  // collection of the request loop would walk otherwise (issue 21).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Rocket registration back-office';
  wb.created = deps.now();
  const ws = wb.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  const check = SHEET_CHECK_COLUMNS;
  ws.columns = [
    ...SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width })),
    { header: check.version.header, key: 'exportVersion', width: check.version.width, hidden: true },
    { header: check.exported.header, key: 'exportDigests', width: check.exported.width, hidden: true },
  ];
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
      // Text a spreadsheet would run as a formula is written with a quote prefix (read back without).
      const cells = Object.fromEntries(
        Object.entries(row).map(([key, v]) => [key, typeof v === 'string' ? quoteFormulaText(v) : v]),
      );
      const added = ws.addRow({
        ...cells,
        exportVersion: versionOf(p),
        exportDigests: exportedDigests(row, digest),
      });
      added.alignment = { vertical: 'top', wrapText: true };
    }
  });
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SHEET_COLUMNS.length } };
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, rows: products.reduce((n, p) => n + p.options.length, 0), preflight };
}

type Refused = ImportAnswer['refused'][number];

export type ImportAnswer = {
  /** true: every change listed was saved; false: nothing was saved (the answer of a refused sheet). */
  applied: boolean;
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
    conflict?: boolean;
  }[];
  unchangedRows: number;
};

/**
 * A sheet refused as a whole: nothing was saved. The answer lists every refused cell and the changes
 * held back; 409 when a cell would revert a change made in the app since the export, 413 when the
 * values would make a document too large, 422 otherwise.
 */
export class SheetImportRefused extends AppError {
  constructor(
    code: string,
    kind: 'conflict' | 'unprocessable' | 'too_large',
    message: { ko: string; en: string },
    override readonly answer: ImportAnswer,
  ) {
    super(code, kind, message, undefined, answer);
  }
}

/** One data row of the sheet as read: the cells by column, the hidden export columns, date cells. */
type SheetLine = {
  row: number;
  edited: Partial<Record<SheetColumnKey, unknown>>;
  dates: Partial<Record<SheetColumnKey, string>>;
  version: string;
  exported: Readonly<Record<string, string>> | undefined;
};

/**
 * The review sheet's lines from its plain rows (read in the work pool: xlsx-budget.ts, which also
 * tells date cells and drops the quote prefix of formula-like text); refuses a sheet without the
 * header (400) or without the hidden export columns.
 */
function sheetLines({ rows }: SheetRows): SheetLine[] {
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
  // A sheet exported before the hidden columns existed cannot tell the seller's edits from values
  // changed in the app since: refused as a whole (docs/decisions.md, issue 21).
  const versionCol = headerCells.get(SHEET_CHECK_COLUMNS.version.header);
  const exportedCol = headerCells.get(SHEET_CHECK_COLUMNS.exported.header);
  if (!versionCol || !exportedCol) throw badRequest(exportMessage('sheetNoVersion'), 'sheet_without_version');
  const lines: SheetLine[] = [];
  for (const { number: r, cells, dates } of rows) {
    if (r < 2) continue;
    const line: SheetLine = { row: r, edited: {}, dates: {}, version: '', exported: undefined };
    for (const [key, col] of columnOf) {
      line.edited[key] = cells[col - 1] ?? '';
      const date = dates?.[col - 1];
      if (date) line.dates[key] = date;
    }
    line.version = cellText(cells[versionCol - 1] ?? '');
    line.exported = readExportedDigests(cellText(cells[exportedCol - 1] ?? ''));
    lines.push(line);
  }
  return lines;
}

/**
 * Reads an edited review sheet and applies, all or nothing, the cells the seller changed (through the
 * document rules of the domain's readSheetChanges). Cells left as exported are not written, so a later
 * change in the app stays; a changed cell whose value was also changed in the app since the export is
 * refused (409), as is any invalid value (422): then nothing at all is saved. Rows of other companies'
 * products are refused as unknown.
 */
export async function importXlsx(
  deps: Pick<ExportDeps, 'products' | 'categories'>,
  companyId: string,
  data: Buffer,
  readSheet: (data: Buffer, sheetName: string) => Promise<SheetRows> = readSheetRows,
): Promise<ImportAnswer> {
  // Read (and checked against XLSX_LIMITS) in the work pool when the route passes it: never here.
  const lines = sheetLines(await readSheet(data, SHEET_NAME));
  const ids = [...new Set(lines.map((l) => cellText(l.edited.productId)).filter((id) => isUuid(id)))].sort();
  const answer: ImportAnswer = { applied: false, changed: [], refused: [], unchangedRows: 0 };
  // The sheet's products are locked (in one order) while the sheet is compared and written: a
  // change in the app meanwhile waits, and cannot slip in between the comparison and the write.
  const write = deps.products.editLocked(companyId, ids, async (rows, edit) => {
    const products = new Map<string, ExportProduct>();
    for (const [id, row] of rows) products.set(id, await toExportProduct(deps.categories, companyId, row));
    const byProduct = compareSheetLines(lines, products, answer);
    if (answer.refused.length > 0) throw refusedSheet(answer);
    await applySheetEdits(byProduct, edit, answer);
    answer.applied = true;
  });
  await write;
  return answer;
}

/** The changes of one product the sheet makes (dotted paths), with the product as read under its lock. */
type SheetEdits = Map<string, { updates: Record<string, unknown>; product: ExportProduct }>;

/**
 * Each line of the sheet against the product as read under its lock (readSheetChanges): what it
 * changes (in `answer.changed`, and by product in the answer), what is refused (`answer.refused`),
 * the rows left as exported (`answer.unchangedRows`).
 */
function compareSheetLines(
  lines: readonly SheetLine[],
  products: ReadonlyMap<string, ExportProduct>,
  answer: ImportAnswer,
): SheetEdits {
  const byProduct: SheetEdits = new Map();
  const currentRows = new Map<string, ReturnType<typeof rowsOf>>();
  const seen = new Map<string, number>();
  for (const line of lines) {
    const target = sheetLineTarget(line, products, seen, answer);
    if (!target) continue;
    const { product, index, optionNumber, exported } = target;
    const r = line.row;
    const option = product.options[index]!;
    if (!currentRows.has(product.id)) currentRows.set(product.id, rowsOf(product, undefined));
    const current = currentRows.get(product.id)![index]!;
    const result = readSheetChanges({
      current,
      edited: line.edited,
      index,
      doc: option.document,
      schema: product.schema ?? undefined,
      dates: line.dates,
      baseline: {
        exported,
        changedSinceExport: line.version !== versionOf(product),
        digest,
        product: `${product.registrationId} ${product.productName}`.trim(),
        option: optionNumber,
      },
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
        ...(x.conflict ? { conflict: true } : {}),
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
  return byProduct;
}

/**
 * The product and option a sheet line is about, or undefined for an empty line and for a line
 * refused as a whole (unknown product or option, no export version, an option twice: in
 * `answer.refused`). `seen`: the options met so far, with their first row.
 */
function sheetLineTarget(
  line: SheetLine,
  products: ReadonlyMap<string, ExportProduct>,
  seen: Map<string, number>,
  answer: ImportAnswer,
):
  | {
      product: ExportProduct;
      index: number;
      optionNumber: string;
      exported: Readonly<Record<string, string>>;
    }
  | undefined {
  const r = line.row;
  const { edited } = line;
  const productId = cellText(edited.productId);
  const optionNumber = cellText(edited.optionNumber);
  if (!productId && !optionNumber) return undefined;
  const product = products.get(productId);
  const index = product ? product.options.findIndex((o) => o.optionNumber === optionNumber) : -1;
  const refuseRow = (reason: { ko: string; en: string }) => {
    answer.refused.push({
      row: r,
      registrationId: product?.registrationId ?? cellText(edited.registrationId),
      optionNumber,
      column: 'productId',
      header: '상품ID',
      value: productId,
      reason,
    });
    return undefined;
  };
  if (!product || index < 0) return refuseRow(exportMessage('sheetUnknownRow', { row: r }));
  if (!line.exported || Number.isNaN(new Date(line.version).getTime()))
    return refuseRow(exportMessage('sheetRowNoVersion', { row: r }));
  // One option twice in the sheet: which of its rows is meant cannot be told.
  const first = seen.get(`${product.id}:${index}`);
  if (first !== undefined) return refuseRow(exportMessage('sheetDuplicateRow', { row: r, first }));
  seen.set(`${product.id}:${index}`, r);
  return { product, index, optionNumber, exported: line.exported };
}

/**
 * The seller's own edit path: the document rules on every save, and the changed fields recorded as
 * the seller's so that a later task run leaves them alone. One transaction: all or nothing.
 */
async function applySheetEdits(
  byProduct: SheetEdits,
  edit: (productId: string, updates: Record<string, unknown>) => Promise<void>,
  answer: ImportAnswer,
): Promise<void> {
  for (const [id, { updates, product }] of byProduct) {
    try {
      await edit(id, updates);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'too_large') {
        const name = `${product.registrationId} ${product.productName}`.trim();
        throw new SheetImportRefused(
          'sheet_document_too_large',
          'too_large',
          exportMessage('sheetDocumentTooLarge', { product: name }),
          answer,
        );
      }
      throw err;
    }
  }
}

function refusedSheet(answer: ImportAnswer): SheetImportRefused {
  const conflicts = answer.refused.filter((x: Refused) => x.conflict).length;
  return conflicts > 0
    ? new SheetImportRefused(
        'sheet_changed_since_export',
        'conflict',
        exportMessage('sheetChangedSinceExport', { count: conflicts }),
        answer,
      )
    : new SheetImportRefused(
        'sheet_refused',
        'unprocessable',
        exportMessage('sheetNothingSaved', { count: answer.refused.length }),
        answer,
      );
}

/**
 * Issue 23: the creation payload of one product's registration document for the Open API, only when
 * the pre-flight (and the payload's own checks) pass; otherwise the first error, as the seller reads it.
 */
export async function buildRegistrationPayload(
  deps: ExportDeps,
  companyId: string,
  productId: string,
): Promise<
  { ok: true; payload: Record<string, unknown> } | { ok: false; message: { ko: string; en: string } }
> {
  try {
    const { payloads } = await exportRocketGrowth(deps, companyId, [productId]);
    return { ok: true, payload: payloads[0]! };
  } catch (err) {
    if (!(err instanceof PreflightFailed)) throw err;
    const first = err.preflight.flatMap((p) => p.findings).find((f) => f.severity === 'error');
    return {
      ok: false,
      message: first
        ? {
            ko: `${PREFLIGHT_FAILED.ko} (${first.message.ko})`,
            en: `${PREFLIGHT_FAILED.en} (${first.message.en})`,
          }
        : PREFLIGHT_FAILED,
    };
  }
}
