import { describe, expect, it } from 'vitest';
import { initialLinesState, linesQuery, linesReducer, pageCount, stockParam } from './sales-state';

describe('sales state', () => {
  it('a filter goes back to page 1; pages stay within the API bound', () => {
    const on3 = linesReducer(initialLinesState, { type: 'page', page: 3 });
    expect(on3.page).toBe(3);
    expect(linesReducer(on3, { type: 'filter', field: 'q', value: '퍼즐' })).toMatchObject({
      q: '퍼즐',
      page: 1,
    });
    expect(linesReducer(on3, { type: 'channel', value: 'ROCKET_GROWTH' }).page).toBe(1);
    expect(linesReducer(on3, { type: 'page', page: 0 }).page).toBe(1);
    expect(linesReducer(on3, { type: 'page', page: 99_999 }).page).toBe(10_000);
  });

  it('the query leaves out empty and malformed values', () => {
    const s = {
      ...initialLinesState,
      from: '2026-11-01',
      to: '2026/11/30',
      q: '  주걱  ',
      channel: 'MARKETPLACE' as const,
    };
    expect(linesQuery(s)).toBe('from=2026-11-01&channel=MARKETPLACE&q=%EC%A3%BC%EA%B1%B1&page=1&pageSize=50');
    expect(linesQuery(s, false)).toBe('from=2026-11-01&channel=MARKETPLACE&q=%EC%A3%BC%EA%B1%B1');
  });

  it('pages and stock parameters', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(101)).toBe(3);
    expect(stockParam('leadTimeDays', '0')).toBe(0);
    expect(stockParam('thresholdDays', '0')).toBe(1);
    expect(stockParam('coverDays', '999')).toBe(365);
    expect(stockParam('coverDays', 'abc')).toBe(30);
  });
});
