import type { ProductPreflight, SheetImportResponse } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialExportMenuState as init,
  initialSheetImportState,
  exportMenuReducer as reduce,
  sheetImportReducer,
  stamp,
} from './export-menu-state';

const findings: ProductPreflight[] = [
  { productId: 'p1', registrationId: 'R1', productName: '가방', status: 'error', findings: [] },
];

describe('export menu state', () => {
  it('start marks the export running and clears the last line; exported says it in green', () => {
    let s = reduce(init, { type: 'failed', text: '실패' });
    s = reduce(s, { type: 'start', kind: 'xlsx' });
    expect(s).toMatchObject({ busy: 'xlsx', message: null });
    s = reduce(s, { type: 'exported', text: '검수 시트를 내려받았습니다.' });
    expect(s).toMatchObject({ busy: null, message: { color: 'green', text: '검수 시트를 내려받았습니다.' } });
  });

  it('preflight opens the findings; an export it stopped carries the notice', () => {
    const asked = reduce(reduce(init, { type: 'start', kind: 'preflight' }), {
      type: 'preflight',
      products: findings,
    });
    expect(asked).toMatchObject({ busy: null, dialog: { kind: 'preflight', products: findings } });
    expect(asked.dialog).not.toHaveProperty('notice');
    const stopped = reduce(init, { type: 'preflight', products: findings, notice: '검사에서 멈췄습니다.' });
    expect(stopped.dialog).toEqual({ kind: 'preflight', products: findings, notice: '검사에서 멈췄습니다.' });
  });

  it('failed ends the run with a red line', () => {
    const s = reduce(reduce(init, { type: 'start', kind: 'supplierHub' }), {
      type: 'failed',
      text: '서버 오류',
    });
    expect(s).toMatchObject({ busy: null, message: { color: 'red', text: '서버 오류' } });
  });

  it('open shows the import or settings dialog; close hides any dialog', () => {
    expect(reduce(init, { type: 'open', dialog: 'import' }).dialog).toEqual({ kind: 'import' });
    const s = reduce(init, { type: 'open', dialog: 'settings' });
    expect(s.dialog).toEqual({ kind: 'settings' });
    expect(reduce(s, { type: 'close' }).dialog).toBeNull();
  });

  it('file names carry the time to the second', () => {
    expect(stamp(new Date('2026-11-25T10:15:00.123Z'))).toBe('20261125101500');
  });
});

describe('sheet import state', () => {
  const answer: SheetImportResponse = { applied: false, changed: [], refused: [], unchangedRows: 3 };

  it('file keeps the chosen file; sending clears the last answer and error', () => {
    const file = new File(['x'], 'review.xlsx');
    let s = sheetImportReducer(initialSheetImportState, { type: 'file', file });
    s = sheetImportReducer(s, { type: 'failed', error: '거부됨', result: answer });
    s = sheetImportReducer(s, { type: 'sending' });
    expect(s).toEqual({ file, result: null, error: null });
  });

  it('imported shows the answer; a refused sheet shows the error and what was held back', () => {
    const ok = { ...answer, applied: true };
    expect(sheetImportReducer(initialSheetImportState, { type: 'imported', result: ok }).result).toBe(ok);
    const refused = sheetImportReducer(initialSheetImportState, {
      type: 'failed',
      error: '거부됨',
      result: answer,
    });
    expect(refused).toMatchObject({ error: '거부됨', result: answer });
  });
});
