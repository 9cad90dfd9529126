import { BARCODE_PLACEHOLDER, DETAIL_PAGE_REFERENCE, SEO_NAME_MAX_LENGTH } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import type { Notice, RegistrationDocument } from '../../entities/registration-document.ts';
import { checkCompleteness } from '../completeness/check-completeness.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { joinSearchTags } from '../document/join-search-tags.ts';
import { normalizeAttributeValue } from '../document/normalize-attribute-value.ts';
import { isValidBoxDimension, parseBoxDimension } from '../document/normalize-box-dimension.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { isBarcodePlaceholder } from '../document/sanitize-barcode.ts';
import { exposedAttributesOf, unexposedAttributesOf } from '../schema/check-document-against-schema.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { type ExportMessage, exportMessage } from './export-messages.ts';

/** The review sheet's columns, in order: Korean header, width, and whether an import may change it. */
export const SHEET_COLUMNS = [
  { key: 'productId', header: '상품ID', width: 38, editable: false },
  { key: 'registrationId', header: '등록번호', width: 16, editable: false },
  { key: 'optionNumber', header: '옵션번호', width: 18, editable: false },
  { key: 'category', header: '카테고리', width: 30, editable: false },
  { key: 'productName', header: '상품명', width: 40, editable: true },
  { key: 'optionName', header: '옵션명', width: 24, editable: true },
  { key: 'purchasePrice', header: '공급가', width: 10, editable: true },
  { key: 'salePrice', header: '판매가', width: 10, editable: true },
  { key: 'msrp', header: '정상가', width: 10, editable: true },
  { key: 'exposed', header: '노출속성', width: 30, editable: true },
  { key: 'unexposed', header: '비노출속성', width: 30, editable: true },
  { key: 'notices', header: '상품고시정보', width: 40, editable: true },
  { key: 'boxDimension', header: '박스 규격(mm)', width: 14, editable: true },
  { key: 'boxWeight', header: '박스 무게(g)', width: 12, editable: true },
  { key: 'skusInBox', header: '박스 내 수량', width: 10, editable: true },
  { key: 'barcode', header: '바코드', width: 20, editable: true },
  { key: 'barcodeState', header: '바코드 상태', width: 14, editable: false },
  { key: 'searchTags', header: '검색어', width: 40, editable: true },
  { key: 'completeness', header: '완성도(%)', width: 10, editable: false },
  { key: 'preflight', header: '사전점검', width: 50, editable: false },
] as const;

export type SheetColumnKey = (typeof SHEET_COLUMNS)[number]['key'];
export type SheetRow = Record<SheetColumnKey, string | number>;

/**
 * Hidden columns after the visible ones (issue 21): the product's version as exported (its
 * `updatedAt`) and a digest of every editable cell as exported. The import writes only the cells the
 * seller changed, and refuses a change to a value that was changed in the app since the export.
 */
export const SHEET_CHECK_COLUMNS = {
  version: { header: '내보낸 버전', width: 26 },
  exported: { header: '내보낸 값', width: 30 },
} as const;

/** Excel's own limit of one cell; a longer value came from another program and is refused. */
const SHEET_MAX_CELL_LENGTH = 32_767;

/** Columns holding a number: a date typed into one is refused, never read as its serial (45292). */
const NUMBER_COLUMNS: ReadonlySet<SheetColumnKey> = new Set([
  'purchasePrice',
  'salePrice',
  'msrp',
  'boxWeight',
  'skusInBox',
  'boxDimension',
]);

/** Text a spreadsheet (or its CSV) would run as a formula: starting with = + - @, a tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as written to the sheet: formula-like text gets a quote prefix (formula injection). */
export const quoteFormulaText = (v: string): string => (FORMULA_START.test(v) ? `'${v}` : v);

/** The text as it was before quoteFormulaText (a quote before other text is the seller's own). */
export const unquoteFormulaText = (v: string): string =>
  v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;

/** The hidden `내보낸 값` cell: the digest of each editable cell as exported, by column key. */
export function exportedDigests(row: SheetRow, digest: (text: string) => string): string {
  const out: Record<string, string> = {};
  for (const col of SHEET_COLUMNS) if (col.editable) out[col.key] = digest(cellText(row[col.key]));
  return JSON.stringify(out);
}

/** Reads a `내보낸 값` cell back; undefined when it is empty or not what the export wrote. */
export function readExportedDigests(text: string): Readonly<Record<string, string>> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed);
    if (entries.length === 0 || !entries.every(([, v]) => typeof v === 'string')) return undefined;
    return Object.fromEntries(entries) as Record<string, string>;
  } catch {
    return undefined;
  }
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const pairs = (list: readonly Attribute[]) =>
  list
    .filter((a) => !isEmptyValue(a.attributeValue))
    .map((a) => `${a.attributeName}=${text(a.attributeValue)}`)
    .join('\n');
const noticePairs = (list: readonly Notice[]) =>
  list.map((n) => `${noticeName(n)}=${text(n.noticeItemValue ?? n.content)}`).join('\n');

export interface SheetRowInput {
  readonly productId: string;
  readonly registrationId: string;
  readonly optionNumber: string;
  readonly optionName: string;
  readonly categoryPath: string;
  readonly doc: RegistrationDocument;
  readonly schema: Pick<CategorySchema, 'attributes' | 'requiredFields'> | undefined;
  /** The pre-flight's findings of this option, one line each. */
  readonly preflight: readonly string[];
}

/** One row of the review sheet: a product option with the fields a seller checks. */
export function buildSheetRow(input: SheetRowInput): SheetRow {
  const { doc } = input;
  const common = doc.productPage?.commonAttributes ?? {};
  const logistics = doc.logisticsPage ?? {};
  const barcode = text(common.productBarcode).trim();
  const hasBarcode = barcode !== '' && !isBarcodePlaceholder(barcode);
  return {
    productId: input.productId,
    registrationId: input.registrationId,
    optionNumber: input.optionNumber,
    category: input.categoryPath,
    productName: text(doc.startPage?.productName),
    optionName: input.optionName,
    purchasePrice: text(common.purchasePrice),
    salePrice: text(common.coupangSalePrice),
    msrp: text(common.msrp ?? common.osrp),
    exposed: pairs(exposedAttributesOf(doc)),
    unexposed: pairs(unexposedAttributesOf(doc)),
    notices: noticePairs(doc.legalPage?.notices ?? []),
    boxDimension: text(logistics.skuUnitBoxDimension),
    boxWeight: text(logistics.skuUnitBoxWeight),
    skusInBox: text(logistics.totalSKUsInBox),
    barcode: hasBarcode ? barcode : BARCODE_PLACEHOLDER,
    barcodeState: hasBarcode ? '등록됨' : '생성 요청',
    searchTags: Array.isArray(doc.productPage?.searchTags)
      ? doc.productPage.searchTags.join(', ')
      : text(doc.productPage?.searchTags),
    completeness: checkCompleteness(doc, input.schema).percent,
    preflight: input.preflight.join('\n'),
  };
}

export interface SheetChange {
  readonly column: SheetColumnKey;
  readonly header: string;
  readonly from: string;
  readonly to: string;
}
export interface SheetRefusal {
  readonly column: SheetColumnKey;
  readonly header: string;
  readonly value: string;
  readonly reason: ExportMessage;
  /** The value was changed in the app after the export (the sheet would revert it). */
  readonly conflict?: true;
}

/** What the row was when exported (the hidden columns), to tell the seller's edits from stale cells. */
export interface SheetBaseline {
  /** Digests of the editable cells as exported (readExportedDigests). */
  readonly exported: Readonly<Record<string, string>>;
  /** Whether the product's version differs from the exported one. */
  readonly changedSinceExport: boolean;
  readonly digest: (text: string) => string;
  /** How the refusal names the row: the product (registration id, name) and the option number. */
  readonly product: string;
  readonly option: string;
}

const shorten = (v: string, max = 40) => (v.length > max ? `${v.slice(0, max)}…` : v);

/** Cell text as the sheet holds it: numbers as digits, line ends unified, trimmed. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  return String(v).replace(/\r\n?/g, '\n').trim();
}

function parsePairs(value: string): { name: string; value: string }[] | null {
  const out: { name: string; value: string }[] = [];
  for (const line of value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf('=');
    if (at <= 0) return null;
    out.push({ name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
  }
  return out;
}

/**
 * The edited row's changes as dotted-path updates of the product (document index `index`), through
 * the document rules: prices whole numbers above 0, box size L*W*H mm (each side ≥ 10) and weight in
 * digits, dropdown attributes one of the category's choices, no Chinese characters in names, search
 * tags joined and cut to 150 characters. What a rule refuses is answered and not written.
 */
export function readSheetChanges(input: {
  current: SheetRow;
  edited: Partial<Record<SheetColumnKey, unknown>>;
  index: number;
  doc: RegistrationDocument;
  schema: Pick<CategorySchema, 'attributes'> | undefined;
  /**
   * With the exported row: a cell whose digest equals the exported one was not touched by the seller
   * and is not written; a changed cell whose value was also changed in the app since is refused.
   */
  baseline?: SheetBaseline;
  /** Cells that held a date, as `YYYY-MM-DD`: refused in number columns. */
  dates?: Readonly<Partial<Record<SheetColumnKey, string>>>;
}): { updates: Record<string, unknown>; changes: SheetChange[]; refused: SheetRefusal[] } {
  const { current, edited, index, doc } = input;
  const d = (p: string) => `coupangDoc.jsonDocument.${index}.${p}`;
  const updates: Record<string, unknown> = {};
  const changes: SheetChange[] = [];
  const refused: SheetRefusal[] = [];
  const attrs = new Map((input.schema?.attributes ?? []).map((a) => [a.name, a]));

  for (const col of SHEET_COLUMNS) {
    if (!col.editable || !(col.key in edited)) continue;
    const to = cellText(edited[col.key]);
    const from = cellText(current[col.key]);
    const refuse = (reason: ExportMessage) =>
      refused.push({ column: col.key, header: col.header, value: shorten(to, 200), reason });
    const baseline = input.baseline;
    if (baseline) {
      const was = baseline.exported[col.key];
      if (was !== undefined && baseline.digest(to) === was) continue; // not the seller's edit
      if (to === from) continue;
      if (baseline.changedSinceExport && baseline.digest(from) !== was) {
        refused.push({
          column: col.key,
          header: col.header,
          value: shorten(to, 200),
          conflict: true,
          reason: exportMessage('valueChangedSinceExport', {
            product: baseline.product,
            option: baseline.option,
            column: col.header,
            now: shorten(from),
          }),
        });
        continue;
      }
    } else if (to === from) continue;
    if (to.length > SHEET_MAX_CELL_LENGTH) {
      refuse(exportMessage('valueTooLong', { max: SHEET_MAX_CELL_LENGTH }));
      continue;
    }
    const date = input.dates?.[col.key];
    if (date !== undefined && NUMBER_COLUMNS.has(col.key)) {
      refuse(exportMessage('valueIsDate', { date }));
      continue;
    }
    const accept = (fields: Record<string, unknown>) => {
      Object.assign(updates, fields);
      changes.push({ column: col.key, header: col.header, from, to });
    };
    switch (col.key) {
      case 'productName':
      case 'optionName': {
        if (to === '') refuse(exportMessage('valueEmpty'));
        else if (containsCjk(to)) refuse(exportMessage('valueChinese'));
        else if (col.key === 'productName' && to.length > SEO_NAME_MAX_LENGTH * 2)
          refuse(exportMessage('valueTooLong', { max: SEO_NAME_MAX_LENGTH * 2 }));
        else
          accept(
            col.key === 'productName'
              ? { [d('startPage.productName')]: to }
              : { [`options.${index}.korName`]: to },
          );
        break;
      }
      case 'purchasePrice':
      case 'salePrice':
      case 'msrp':
      case 'skusInBox': {
        if (!/^(?:[1-9]\d*|[1-9]\d{0,2}(?:,\d{3})+)$/.test(to)) {
          refuse(exportMessage('valueNotInteger'));
          break;
        }
        const n = Number(to.replace(/,/g, ''));
        const path =
          col.key === 'purchasePrice'
            ? 'productPage.commonAttributes.purchasePrice'
            : col.key === 'salePrice'
              ? 'productPage.commonAttributes.coupangSalePrice'
              : col.key === 'msrp'
                ? 'productPage.commonAttributes.msrp'
                : 'logisticsPage.totalSKUsInBox';
        accept({ [d(path)]: n });
        break;
      }
      case 'boxDimension': {
        const compact = to.replace(/\s/g, '').replace(/[xX×]/g, '*');
        if (!isValidBoxDimension(compact)) refuse(exportMessage('valueBoxDimension'));
        else accept({ [d('logisticsPage.skuUnitBoxDimension')]: parseBoxDimension(compact)!.join('*') });
        break;
      }
      case 'boxWeight': {
        if (!/^\d+$/.test(to)) refuse(exportMessage('valueBoxWeight'));
        else accept({ [d('logisticsPage.skuUnitBoxWeight')]: to });
        break;
      }
      case 'barcode': {
        if (to === '' || isBarcodePlaceholder(to))
          accept({ [d('productPage.commonAttributes.productBarcode')]: BARCODE_PLACEHOLDER });
        else if (!/^[0-9A-Za-z-]{6,30}$/.test(to)) refuse(exportMessage('valueNotInteger'));
        else accept({ [d('productPage.commonAttributes.productBarcode')]: to });
        break;
      }
      case 'searchTags': {
        if (containsCjk(to)) refuse(exportMessage('valueChinese'));
        else accept({ [d('productPage.searchTags')]: joinSearchTags(to) });
        break;
      }
      case 'exposed':
      case 'unexposed': {
        const parsed = parsePairs(to);
        const exposed = col.key === 'exposed';
        if (!parsed) {
          refuse(exportMessage('sheetInvalidValue', { row: '', column: col.header, reason: '이름=값' }));
          break;
        }
        const unknown = parsed.find((p) => attrs.size > 0 && !attrs.has(p.name));
        if (unknown) {
          refuse(exportMessage('valueUnknownAttribute', { name: unknown.name }));
          break;
        }
        const list = exposed ? exposedAttributesOf(doc) : unexposedAttributesOf(doc);
        const given = new Map(parsed.map((p) => [p.name, p.value]));
        const bad = parsed.find((p) => {
          const a = attrs.get(p.name);
          if (!a || a.choices.length === 0 || p.value === '') return false;
          const v = normalizeAttributeValue({
            kind: exposed ? 'exposed' : 'unexposed',
            name: p.name,
            value: p.value,
            choices: a.choices,
          });
          return v !== p.value;
        });
        if (bad) {
          const a = attrs.get(bad.name)!;
          refuse(
            exportMessage('attributeNotAChoice', {
              name: bad.name,
              value: bad.value,
              allowed: a.choices.slice(0, 12).join(', '),
            }),
          );
          break;
        }
        if (parsed.some((p) => containsCjk(p.value))) {
          refuse(exportMessage('valueChinese'));
          break;
        }
        // Names kept in the document's (schema) order; a name the row no longer lists is emptied.
        const names = [
          ...list.map((a) => a.attributeName),
          ...parsed.map((p) => p.name).filter((n) => !list.some((a) => a.attributeName === n)),
        ];
        const next = names.map((name) => ({
          attributeName: name,
          attributeValue: given.has(name) && given.get(name) !== '' ? given.get(name)! : exposed ? '' : null,
        }));
        accept({
          [d(exposed ? 'productPage.commonAttributes.exposedAttributes' : 'productPage.unexposedAttributes')]:
            next,
        });
        break;
      }
      case 'notices': {
        const parsed = parsePairs(to);
        if (!parsed) {
          refuse(exportMessage('sheetInvalidValue', { row: '', column: col.header, reason: '이름=값' }));
          break;
        }
        if (parsed.some((p) => containsCjk(p.value))) {
          refuse(exportMessage('valueChinese'));
          break;
        }
        const old = doc.legalPage?.notices ?? [];
        const next = parsed.map((p) => {
          const existing = old.find((n) => noticeName(n) === p.name);
          return {
            ...(existing ?? {}),
            noticeItemName: p.name,
            noticeItemValue: p.value === '' ? DETAIL_PAGE_REFERENCE : p.value,
          };
        });
        accept({ [d('legalPage.notices')]: next });
        break;
      }
    }
  }
  return { updates, changes, refused };
}
