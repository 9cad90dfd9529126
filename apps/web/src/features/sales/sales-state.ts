// The sales screens (issue 41): the lines' filters and page, the stock screen's parameters, and the
// query strings the API takes (the same for a list and its Excel export). Pure.

export type Channel = '' | 'MARKETPLACE' | 'ROCKET_GROWTH' | 'MANUAL';

export type LinesState = {
  from: string;
  to: string;
  status: string;
  channel: Channel;
  q: string;
  page: number;
};

export const PAGE_SIZE = 50;

export const initialLinesState: LinesState = { from: '', to: '', status: '', channel: '', q: '', page: 1 };

export type LinesAction =
  | { type: 'filter'; field: 'from' | 'to' | 'status' | 'q'; value: string }
  | { type: 'channel'; value: Channel }
  | { type: 'page'; page: number };

/** A filter change goes back to the first page; a page stays within 1..10000 (the API's bound). */
export function linesReducer(state: LinesState, action: LinesAction): LinesState {
  switch (action.type) {
    case 'filter':
      return { ...state, [action.field]: action.value, page: 1 };
    case 'channel':
      return { ...state, channel: action.value, page: 1 };
    case 'page':
      return { ...state, page: Math.min(10_000, Math.max(1, Math.trunc(action.page))) };
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as a query string (empty and malformed values left out; q trimmed and bounded). */
export function linesQuery(state: LinesState, withPage = true): string {
  const p = new URLSearchParams();
  if (DAY.test(state.from)) p.set('from', state.from);
  if (DAY.test(state.to)) p.set('to', state.to);
  if (state.status) p.set('status', state.status);
  if (state.channel) p.set('channel', state.channel);
  const q = state.q.trim().slice(0, 100);
  if (q) p.set('q', q);
  if (withPage) {
    p.set('page', String(state.page));
    p.set('pageSize', String(PAGE_SIZE));
  }
  return p.toString();
}

export const pageCount = (lines: number) => Math.max(1, Math.ceil(lines / PAGE_SIZE));

export type StockParams = { thresholdDays: number; leadTimeDays: number; coverDays: number };
export const initialStockParams: StockParams = { thresholdDays: 14, leadTimeDays: 21, coverDays: 30 };

/** A stock parameter as typed: whole days within 0..365 (threshold and cover at least 1). */
export function stockParam(key: keyof StockParams, value: number | string): number {
  const n = Math.trunc(Number(value));
  const min = key === 'leadTimeDays' ? 0 : 1;
  if (!Number.isFinite(n)) return initialStockParams[key];
  return Math.min(365, Math.max(min, n));
}

export const stockQuery = (s: StockParams) =>
  new URLSearchParams({
    thresholdDays: String(s.thresholdDays),
    leadTimeDays: String(s.leadTimeDays),
    coverDays: String(s.coverDays),
  }).toString();

export const won = (n: number) => n.toLocaleString('ko-KR');
export const ORDER_STATUSES = [
  'ACCEPT',
  'INSTRUCT',
  'DEPARTURE',
  'DELIVERING',
  'FINAL_DELIVERY',
  'PAID',
] as const;
