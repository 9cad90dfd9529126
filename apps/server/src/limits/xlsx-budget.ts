import { exportMessage, unquoteFormulaText } from '@rr/domain';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../errors/app-error.ts';

// The budget of an uploaded review sheet (POST /api/import/xlsx), checked inside the work pool before
// ExcelJS builds anything: a 7.7 KB sheet holding one row numbered 1,048,576 made ExcelJS allocate
// 4.4 GB, and a 293 KB zip expanded to 300 MB. Sizes come from the zip's central directory first;
// every entry is then inflated once with its size enforced (a lying header is refused, not trusted),
// and the worksheets' row and column numbers are read from the XML stream. docs/security.md has the
// reasoning behind each figure (a seller's sheet of 1,000 options is the real upper case).

export const XLSX_LIMITS = {
  /** Files inside the archive (an xlsx of one sheet holds about a dozen). */
  entries: 200,
  /** Uncompressed bytes of one file inside the archive. */
  entryBytes: 32 * 1024 * 1024,
  /** Uncompressed bytes of all files together. */
  totalBytes: 64 * 1024 * 1024,
  /** The highest row number (the header is row 1): five times a sheet of 1,000 options. */
  rows: 5001,
  /** The highest column number (our sheet has 20 columns; other tools add a few). */
  columns: 200,
} as const;

const MB = 1024 * 1024;
const tooLarge = (ko: string, en: string, detail?: unknown) =>
  new AppError('sheet_too_large', 'too_large', { ko, en }, detail);
const unreadable = (detail?: unknown) =>
  badRequest(exportMessage('sheetUnreadable'), 'sheet_unreadable', detail);

/** Column letters (`A`, `AB`, `XFD`) → 1-based number. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * Reads a worksheet's XML as it streams and tracks the highest row and column it names (`<dimension
 * ref>`, `<row r>`, `<c r>`; rows and cells without `r` count one past the previous). Throws
 * `sheet_too_large` as soon as one passes the limits.
 */
export function createSheetScanner(limits: { rows: number; columns: number } = XLSX_LIMITS) {
  let carry = '';
  let row = 0;
  let column = 0;
  const check = () => {
    if (row > limits.rows)
      throw tooLarge(
        `엑셀 행이 너무 많습니다 (행 ${row}, 최대 ${limits.rows}).`,
        `The sheet has too many rows (row ${row}, at most ${limits.rows}).`,
      );
    if (column > limits.columns)
      throw tooLarge(
        `엑셀 열이 너무 많습니다 (열 ${column}, 최대 ${limits.columns}).`,
        `The sheet has too many columns (column ${column}, at most ${limits.columns}).`,
      );
  };
  // A tag is complete once its `>` arrived: everything after the last `<` waits for the next chunk.
  const TAG = /<(dimension|row|c)\b([^<>]*)>/g;
  return {
    push(chunk: string) {
      const text = carry + chunk;
      const cut = text.lastIndexOf('<');
      const complete = cut >= 0 && text.indexOf('>', cut) < 0 ? text.slice(0, cut) : text;
      carry = text.slice(complete.length);
      if (carry.length > 64 * 1024) throw unreadable('a tag longer than 64 KB');
      TAG.lastIndex = 0;
      for (let m = TAG.exec(complete); m; m = TAG.exec(complete)) {
        const attrs = m[2] ?? '';
        const ref = /\b(?:ref|r)\s*=\s*"([^"]*)"/.exec(attrs)?.[1];
        if (m[1] === 'dimension') {
          const last = ref?.split(':').pop() ?? '';
          const cell = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(last);
          if (cell) {
            row = Math.max(row, Number(cell[2]));
            column = Math.max(column, columnNumber(cell[1]!));
          }
        } else if (m[1] === 'row') {
          row = ref && /^\d{1,7}$/.test(ref) ? Number(ref) : row + 1;
          column = 0;
        } else {
          const cell = ref ? /^([A-Za-z]{1,3})\d{1,7}$/.exec(ref) : null;
          column = cell ? columnNumber(cell[1]!) : column + 1;
        }
        check();
      }
    },
  };
}

/**
 * Checks the archive against XLSX_LIMITS without trusting it: counts and sizes from the central
 * directory, then each entry inflated with its declared size enforced (yauzl), worksheets scanned.
 */
export async function checkXlsxArchive(data: Buffer, limits = XLSX_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { validateEntrySizes: true });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    if (zip.entryCount > limits.entries)
      throw tooLarge(
        `엑셀 파일 안의 항목이 너무 많습니다 (${zip.entryCount}개, 최대 ${limits.entries}개).`,
        `The Excel file holds too many parts (${zip.entryCount}, at most ${limits.entries}).`,
      );
    const entries: yauzl.Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.entryBytes || total > limits.totalBytes)
        throw tooLarge(
          `엑셀 파일의 압축을 풀면 너무 큽니다 (최대 ${limits.totalBytes / MB}MB, 항목당 ${limits.entryBytes / MB}MB).`,
          `The Excel file is too large once unpacked (at most ${limits.totalBytes / MB} MB, ${limits.entryBytes / MB} MB a part).`,
        );
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const scanner = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName)
        ? createSheetScanner(limits)
        : null;
      let stream: NodeJS.ReadableStream;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw unreadable(error);
      }
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream) {
          if (scanner) scanner.push(decoder.decode(chunk as Buffer, { stream: true }));
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        // yauzl: more bytes than the central directory declared, or a broken stream
        throw tooLarge(
          '엑셀 파일의 압축 정보가 실제 내용과 다릅니다.',
          'The Excel file does not unpack to the sizes it declares.',
          error,
        );
      } finally {
        (stream as unknown as { destroy?: () => void }).destroy?.();
      }
    }
  } finally {
    zip.close();
  }
}

/**
 * A sheet read into plain values: `cells[c - 1]` is the cell at column c ('' when empty); `dates[c - 1]`
 * is `YYYY-MM-DD` when the cell held a date (a Date, or a serial shown with a date format: its number,
 * 45292 for 2024-01-01, is never read as the value).
 */
export type SheetRows = { rows: { number: number; cells: unknown[]; dates?: (string | null)[] }[] };

/** `YYYY-MM-DD` of a date the sheet holds (ExcelJS reads them as UTC). */
const dayOf = (d: Date): string => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

/** A number format that shows a date or time (quoted text, [colours] and escapes left out). */
function isDateFormat(format: string | undefined): boolean {
  if (!format || format === 'General') return false;
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

/** A cell as text-or-number, and its date; text loses the quote prefix the export gave formula-like text. */
function readCell(cell: ExcelJS.Cell): { value: unknown; date?: string } {
  const of = (v: ExcelJS.CellValue): { value: unknown; date?: string } => {
    if (v === null || v === undefined) return { value: '' };
    if (v instanceof Date) {
      const date = dayOf(v);
      return { value: date, date };
    }
    if (typeof v === 'number' && isDateFormat(cell.numFmt)) {
      const date = dayOf(new Date(Math.round((v - 25569) * 86_400_000)));
      return { value: date, date };
    }
    if (typeof v === 'string') return { value: unquoteFormulaText(v) };
    if (typeof v === 'object') {
      if ('richText' in v) return { value: unquoteFormulaText(v.richText.map((t) => t.text).join('')) };
      if ('result' in v) return of((v.result ?? '') as ExcelJS.CellValue);
      if ('formula' in v || 'sharedFormula' in v) return { value: '' };
      if ('text' in v) return { value: unquoteFormulaText(String(v.text)) };
      if ('error' in v) return { value: '' };
    }
    return { value: v };
  };
  return of(cell.value);
}

/** Checks the archive, then reads the named sheet (or the first) into plain rows. Runs in the work pool. */
export async function readSheetRows(data: Buffer, sheetName: string): Promise<SheetRows> {
  await checkXlsxArchive(data);
  // Loaded here, in the work pool's thread: the request loop imports this module for the archive check only.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch (error) {
    throw unreadable(error);
  }
  const ws = wb.getWorksheet(sheetName) ?? wb.worksheets[0];
  if (!ws) throw unreadable('no worksheet');
  const rows: SheetRows['rows'] = [];
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: unknown[] = [];
    const dates: (string | null)[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const { value, date } = readCell(cell);
      cells[col - 1] = value;
      if (date !== undefined) dates[col - 1] = date;
    });
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === undefined) cells[i] = '';
      if (dates[i] === undefined) dates[i] = null;
    }
    rows.push({ number, cells, ...(dates.length ? { dates } : {}) });
  });
  return { rows };
}
