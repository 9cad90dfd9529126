// Issue 41: a sales list as an Excel sheet (exceljs, as the exports write theirs). Korean headers; the
// caller bounds the rows.

export type SheetColumn<T> = { header: string; width: number; value(row: T): string | number | null };

export async function salesSheet<T>(
  name: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[],
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
