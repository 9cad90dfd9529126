import type {
  SalesDailyResponse,
  SalesInventoryQuery,
  SalesInventoryResponse,
  SalesLinesQuery,
  SalesLinesResponse,
  SalesReturnsResponse,
  SalesSettlementsResponse,
} from '@rr/contracts';
import { calculateSaleMargin, type LandedCostSettings, stockCover } from '@rr/domain';
import type { Message } from '../errors/app-error.ts';
import { type LinkableProduct, linkItems } from './item-links.ts';
import type { SalesRepository } from './sales-repository.ts';

export type { ItemCost } from './sales-repository.ts';

import type { SalesStream } from './sales-streams.ts';
import type { SalesSyncService } from './sales-sync-service.ts';

// Issue 41: the sales screens' reads (lines with their margin, daily totals, returns with repeated
// reasons flagged, Rocket Growth stock with cover and reorder, monthly settlements) and the sync on
// demand. Every read is the company's own (the repository scopes each statement by it).

export type SalesServiceDeps = {
  repository: Pick<
    SalesRepository,
    | 'orderLines'
    | 'orderTotals'
    | 'dailyTotals'
    | 'returns'
    | 'inventory'
    | 'monthlySettlements'
    | 'itemCosts'
    | 'vendorItemsBySellerProduct'
    | 'saveLinks'
  >;
  /** The company's products registered on Coupang, with their options' costs (container: the ProductStore). */
  catalogue?(companyId: string): Promise<LinkableProduct[]>;
  sync: Pick<SalesSyncService, 'sync'>;
  clock: { now(): number };
  /** The company's landed-cost settings (defaults when it has none). */
  landedCost?(companyId: string): Promise<Partial<LandedCostSettings>>;
};

const KST_MS = 9 * 3_600_000;
const SYNCED: Message = { ko: '쿠팡에서 판매 내역을 가져왔습니다.', en: 'Sales were synced from Coupang.' };
const PARTLY: Message = {
  ko: '쿠팡에서 판매 내역 일부를 가져왔습니다. 나머지는 다음 동기화에서 이어서 가져옵니다.',
  en: 'Part of the sales were synced from Coupang; the next sync goes on from there.',
};

export function createSalesService(deps: SalesServiceDeps) {
  const today = () => new Date(deps.clock.now() + KST_MS).toISOString().slice(0, 10);

  return {
    async sync(companyId: string, streams?: readonly SalesStream[]) {
      const results = await deps.sync.sync(companyId, streams);
      await this.link(companyId);
      return { message: results.every((r) => r.complete) ? SYNCED : PARTLY, results };
    },

    /** Links the synced vendor items to the company's products and options (their 1688 cost). */
    async link(companyId: string): Promise<number> {
      if (!deps.catalogue) return 0;
      const [products, items] = await Promise.all([
        deps.catalogue(companyId),
        deps.repository.vendorItemsBySellerProduct(companyId),
      ]);
      const links = linkItems(products, items);
      await deps.repository.saveLinks(companyId, links);
      return links.length;
    },

    async lines(companyId: string, query: SalesLinesQuery): Promise<SalesLinesResponse> {
      const filter = {
        from: query.from,
        to: query.to,
        status: query.status,
        channel: query.channel,
        vendorItemId: query.vendorItemId,
        q: query.q,
      };
      const [rows, totals, settings] = await Promise.all([
        deps.repository.orderLines(companyId, filter, {
          offset: (query.page - 1) * query.pageSize,
          limit: query.pageSize,
        }),
        deps.repository.orderTotals(companyId, filter),
        deps.landedCost?.(companyId) ?? Promise.resolve({}),
      ]);
      const costs = await deps.repository.itemCosts(companyId, [...new Set(rows.map((r) => r.vendorItemId))]);
      return {
        lines: rows.map(({ settledFee, settledAmount: _settled, orderedAt, ...line }) => {
          const cost = costs.get(line.vendorItemId);
          return {
            ...line,
            orderedAt: orderedAt.toISOString(),
            margin: calculateSaleMargin({
              channel: line.channel === 'ROCKET_GROWTH' ? 'ROCKET_GROWTH' : 'MARKETPLACE',
              quantity: line.quantity,
              revenue: line.amount,
              settledFee,
              categoryCommissionPercent: cost?.categoryCommissionPercent,
              unitYuan: cost?.unitYuan,
              unitWeightKg: cost?.unitWeightKg,
              settings,
            }),
          };
        }),
        totals,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async daily(
      companyId: string,
      query: Pick<SalesLinesQuery, 'from' | 'to' | 'channel' | 'vendorItemId'>,
    ): Promise<SalesDailyResponse> {
      return { days: await deps.repository.dailyTotals(companyId, query) };
    },

    async returns(
      companyId: string,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        vendorItemId?: string | undefined;
        page: number;
        pageSize: number;
      },
    ): Promise<SalesReturnsResponse> {
      const { rows, total } = await deps.repository.returns(
        companyId,
        { from: query.from, to: query.to, vendorItemId: query.vendorItemId },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        returns: rows.map((r) => ({
          ...r,
          requestedAt: r.requestedAt.toISOString(),
          repeated: r.sameReasonCount >= 2,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async inventory(companyId: string, query: SalesInventoryQuery): Promise<SalesInventoryResponse> {
      const rows = await deps.repository.inventory(companyId, today());
      const costs = await deps.repository.itemCosts(
        companyId,
        rows.map((r) => r.vendorItemId),
      );
      return {
        items: rows.map((r) => {
          const moq = Math.max(1, costs.get(r.vendorItemId)?.moq ?? 1);
          return {
            vendorItemId: r.vendorItemId,
            itemName: r.itemName,
            orderable: r.orderable,
            units7: r.units7,
            units30: r.units30,
            ...stockCover({
              orderable: r.orderable,
              units7: r.units7,
              units30: r.units30,
              leadTimeDays: query.leadTimeDays,
              coverDays: query.coverDays,
              thresholdDays: query.thresholdDays,
              moq,
            }),
            moq,
            fetchedAt: r.fetchedAt.toISOString(),
          };
        }),
        thresholdDays: query.thresholdDays,
        leadTimeDays: query.leadTimeDays,
        coverDays: query.coverDays,
      };
    },

    async settlements(companyId: string): Promise<SalesSettlementsResponse> {
      return { months: await deps.repository.monthlySettlements(companyId) };
    },
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
