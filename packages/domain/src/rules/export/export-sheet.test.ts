import { describe, expect, it } from 'vitest';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import {
  buildSheetRow,
  exportedDigests,
  quoteFormulaText,
  readExportedDigests,
  readSheetChanges,
  type SheetColumnKey,
  type SheetRow,
  unquoteFormulaText,
} from './export-sheet.ts';

// Issue 21: the review sheet's round trip — formula-like text, the exported-value digests, and the
// import's rules for untouched cells, values changed in the app since the export, and dates.

describe('formula-like text', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+82 10', "'+82 10"],
    ['-5', "'-5"],
    ['@home', "'@home"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['퍼즐 = 장난감', '퍼즐 = 장난감'],
    ["'quoted", "'quoted"],
    ['', ''],
  ])('%j is written as %j and read back as it was', (text, written) => {
    expect(quoteFormulaText(text)).toBe(written);
    expect(unquoteFormulaText(written)).toBe(text);
  });
});

describe('exported digests', () => {
  it.each([
    ['', undefined],
    ['not json', undefined],
    ['{}', undefined],
    ['[1]', undefined],
    ['{"salePrice":1}', undefined],
    ['{"salePrice":"ab"}', { salePrice: 'ab' }],
  ])('%j reads back as %j', (text, expected) => {
    expect(readExportedDigests(text)).toEqual(expected);
  });
});

const doc = {
  startPage: { productName: '입체 퍼즐' },
  productPage: { commonAttributes: { purchasePrice: 5000, coupangSalePrice: 8900, msrp: 12000 } },
  logisticsPage: { skuUnitBoxDimension: '150*300*400', skuUnitBoxWeight: '500', totalSKUsInBox: 1 },
  legalPage: { notices: [] },
} as unknown as RegistrationDocument;

const rowOf = (d: RegistrationDocument, optionName = '레드'): SheetRow =>
  buildSheetRow({
    productId: 'p1',
    registrationId: 'R-000001',
    optionNumber: 'R-000001-01',
    optionName,
    categoryPath: '완구',
    doc: d,
    schema: undefined,
    preflight: [],
  });

// A readable stand-in for the server's hash: the import only compares digests for equality.
const digest = (t: string) => `#${t}`;

function importRow(opts: {
  exported: SheetRow;
  now: SheetRow;
  edits: Partial<Record<SheetColumnKey, unknown>>;
  changedSinceExport: boolean;
  dates?: Partial<Record<SheetColumnKey, string>>;
}) {
  const edited = { ...opts.exported, ...opts.edits };
  const exported = readExportedDigests(exportedDigests(opts.exported, digest))!;
  return readSheetChanges({
    current: opts.now,
    edited,
    index: 0,
    doc,
    schema: undefined,
    dates: opts.dates ?? {},
    baseline: {
      exported,
      changedSinceExport: opts.changedSinceExport,
      digest,
      product: 'R-000001 입체 퍼즐',
      option: 'R-000001-01',
    },
  });
}

const exported = rowOf(doc);
const appEdited = rowOf({
  ...doc,
  productPage: { commonAttributes: { ...doc.productPage!.commonAttributes, coupangSalePrice: 12000 } },
} as unknown as RegistrationDocument);

describe('readSheetChanges against the exported row', () => {
  it.each([
    {
      name: 'an untouched sheet after an app edit writes nothing',
      now: appEdited,
      edits: {},
      changed: true,
      expected: { changes: [], refused: [] },
    },
    {
      name: "the seller's edit of a product unchanged since is applied",
      now: exported,
      edits: { salePrice: '9900' },
      changed: false,
      expected: { changes: ['salePrice'], refused: [] },
    },
    {
      name: 'an edit of a value the app changed since is refused as a conflict',
      now: appEdited,
      edits: { salePrice: '9900' },
      changed: true,
      expected: { changes: [], refused: ['salePrice:conflict'] },
    },
    {
      name: 'an edit of another value of a product changed since is applied',
      now: appEdited,
      edits: { purchasePrice: '5500' },
      changed: true,
      expected: { changes: ['purchasePrice'], refused: [] },
    },
    {
      name: 'the seller typing what the app already stored changes nothing',
      now: appEdited,
      edits: { salePrice: '12000' },
      changed: true,
      expected: { changes: [], refused: [] },
    },
    {
      name: 'a cell longer than Excel allows is refused',
      now: exported,
      edits: { productName: 'a'.repeat(40_000) },
      changed: false,
      expected: { changes: [], refused: ['productName'] },
    },
  ])('$name', ({ now, edits, changed, expected }) => {
    const r = importRow({ exported, now, edits, changedSinceExport: changed });
    expect(r.changes.map((c) => c.column)).toEqual(expected.changes);
    expect(r.refused.map((x) => x.column + (x.conflict ? ':conflict' : ''))).toEqual(expected.refused);
    if (expected.changes.length === 0) expect(r.updates).toEqual({});
  });

  it('names the product, option and field of a conflict, with the value stored now, in Korean', () => {
    const r = importRow({ exported, now: appEdited, edits: { salePrice: '9900' }, changedSinceExport: true });
    expect(r.refused[0]!.reason.ko).toBe(
      '내보낸 뒤에 앱에서 바뀐 값입니다: R-000001 입체 퍼즐 / 옵션 R-000001-01 / 판매가 (지금 값: "12000"). 시트를 다시 내보낸 뒤 고쳐주세요.',
    );
  });

  it.each([
    ['salePrice', true],
    ['purchasePrice', true],
    ['boxWeight', true],
    ['skusInBox', true],
    ['searchTags', false],
  ] as const)('a date in %s is refused: %s', (column, refused) => {
    const r = importRow({
      exported,
      now: exported,
      edits: { [column]: '2024-01-01' },
      changedSinceExport: false,
      dates: { [column]: '2024-01-01' },
    });
    expect(r.refused.map((x) => x.reason.ko)).toEqual(
      refused
        ? ['날짜(2024-01-01)가 아니라 숫자를 입력해주세요. 칸의 서식을 "일반"이나 "텍스트"로 바꿔주세요.']
        : [],
    );
  });
});
