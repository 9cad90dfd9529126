import {
  SalesByItemResponse,
  SalesByProductResponse,
  SalesDailyResponse,
  SalesInventoryResponse,
  SalesLinesResponse,
  SalesReturnsResponse,
  SalesSettlementsResponse,
  SalesSyncResponse,
} from '@rr/contracts';
import { http } from '../../app/http';

// The sales screens' calls (issue 41). An export is a plain link: the browser downloads the .xlsx
// with the session cookie.

export const getLines = (query: string, signal?: AbortSignal) =>
  http.get(`/api/sales/lines?${query}`, SalesLinesResponse, { signal });
export const getReturns = (page: number, signal?: AbortSignal) =>
  http.get(`/api/sales/returns?page=${page}&pageSize=50`, SalesReturnsResponse, { signal });
export const getInventory = (query: string, signal?: AbortSignal) =>
  http.get(`/api/sales/inventory?${query}`, SalesInventoryResponse, { signal });
export const getSettlements = (signal?: AbortSignal) =>
  http.get('/api/sales/settlements', SalesSettlementsResponse, { signal });
export const syncSales = () => http.post('/api/sales/sync', SalesSyncResponse, {});
export const exportUrl = (kind: 'lines' | 'returns' | 'inventory' | 'settlements', query = '') =>
  `/api/sales/export?kind=${kind}${query ? `&${query}` : ''}`;

export const getDaily = (query: string, signal?: AbortSignal) =>
  http.get(`/api/sales/daily${query ? `?${query}` : ''}`, SalesDailyResponse, { signal });
export const getByItem = (query: string, signal?: AbortSignal) =>
  http.get(`/api/sales/by-item${query ? `?${query}` : ''}`, SalesByItemResponse, { signal });
export const getByProduct = (days: number, signal?: AbortSignal) =>
  http.get(`/api/sales/by-product?days=${days}`, SalesByProductResponse, { signal });
