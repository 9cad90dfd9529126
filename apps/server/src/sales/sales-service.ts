import { randomUUID } from 'node:crypto';
import type {
  SalesByItemResponse,
  SalesByProductResponse,
  SalesDailyResponse,
  SalesInventoryQuery,
  SalesInventoryResponse,
  SalesLinesQuery,
  SalesLinesResponse,
  SalesReturnsResponse,
  SalesSettlementsResponse,
} from '@rr/contracts';
import { SalesCostSettings } from '@rr/contracts';
import {
  calculateSaleMargin,
  DEFAULT_LANDED_COST_SETTINGS,
  type LandedCostSettings,
  stockCover,
  type UnitBox,
} from '@rr/domain';
import { AppError, type Message } from '../errors/app-error.ts';
import type { ItemLinkRepository } from './item-link-repository.ts';
import {
  type LinkableProduct,
  linkItems,
  type OptionHolder,
  placeByName,
  resolveLinks,
  type StoredLink,
} from './item-links.ts';
import type { SalesRepository } from './sales-repository.ts';
import { type SheetColumn, salesSheet } from './sales-sheet.ts';

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
    | 'byItem'
    | 'byProduct'
    | 'costSettings'
    | 'saveCostSettings'
    | 'addManualSale'
    | 'addManualReturn'
  >;
  /** The company's products registered on Coupang, with their options' costs (container: the ProductStore). */
  catalogue?(companyId: string): Promise<CatalogueProduct[]>;
  /** One option of one of the company's products (the seller's own link), or null when there is none. */
  productOption?(
    companyId: string,
    productId: string,
    index: number,
  ): Promise<
    ({ optionNumber: string | null; yuan: number | null; weightG: number | null } & Partial<FeeFacts>) | null
  >;
  sync: Pick<SalesSyncService, 'sync'>;
  clock: { now(): number };
  /** The links' option identity and the offer's MOQ and tiers (migration 0085). */
  links?: Pick<ItemLinkRepository, 'links' | 'saveResolved' | 'unplacedItems'>;
  /** The options of these products and of every product of these 1688 offers, as they are now. */
  optionHolders?(
    companyId: string,
    query: { productIds: readonly string[]; offerIds: readonly string[] },
  ): Promise<OptionHolder[]>;
};

/** What Coupang's fee tables need of a product option: its category path and one unit's box. */
type FeeFacts = { categoryPath: string | null; box: UnitBox | null };
/** A catalogue product: linkable, with the fee tables' facts (the category; each option's box). */
export type CatalogueProduct = Omit<LinkableProduct, 'options'> & {
  categoryPath?: string | null;
  options: (LinkableProduct['options'][number] & { box?: UnitBox | null })[];
};

const KST_MS = 9 * 3_600_000;
const SYNCED: Message = { ko: '쿠팡에서 판매 내역을 가져왔습니다.', en: 'Sales were synced from Coupang.' };
const PARTLY: Message = {
  ko: '쿠팡에서 판매 내역 일부를 가져왔습니다. 나머지는 다음 동기화에서 이어서 가져옵니다.',
  en: 'Part of the sales were synced from Coupang; the next sync goes on from there.',
};

/** Most rows one Excel export holds (the list's filters narrow a larger one). */
export const SHEET_MAX_ROWS = 20_000;
const SOURCE_KO: Record<string, string> = {
  settlement: '정산',
  category_rate: '카테고리 수수료율(추정)',
  default_rate: '기본 수수료율(추정)',
  fee_table: '로켓그로스 요금표(추정)',
  '1688_price': '1688 가격',
  setting: '설정값',
  weight: '무게',
  missing: '없음',
};

const TIER_KO: Record<string, string> = {
  XS: '극소형',
  S: '소형',
  M: '중형',
  L1: '대형1',
  L2: '대형2',
  XL: '특대형',
};
/** Where a fee came from, in Korean, with the fee table's row when an estimate used one. */
function feeSourceKo(p: SalesLinesResponse['lines'][number]['margin']['parts'][number] | undefined): string {
  if (!p) return '';
  const b = p.basis;
  const row =
    b?.kind === 'category'
      ? ` ${b.category} ${b.percent}% + 부가세`
      : b?.kind === 'size_tier'
        ? ` ${TIER_KO[b.tier] ?? b.tier} ${b.feePerUnit}원/개`
        : '';
  const label = SOURCE_KO[p.source] ?? p.source;
  return `${label}${row}${p.estimated && !label.includes('추정') ? '(추정)' : ''}`;
}

const LINKED: Message = {
  ko: '옵션을 상품에 연결했습니다.',
  en: 'The item was linked to the product option.',
};
const NO_OPTION: Message = {
  ko: '그 상품이나 옵션을 찾을 수 없습니다. 상품 목록에서 다시 골라주세요.',
  en: 'That product or option was not found. Choose it again from the product list.',
};
const channelOf = (c: string) => (c === 'ROCKET_GROWTH' || c === 'MANUAL' ? c : 'MARKETPLACE');
const SALE_ADDED: Message = { ko: '판매를 추가했습니다.', en: 'The sale was added.' };
const RETURN_ADDED: Message = { ko: '반품을 추가했습니다.', en: 'The return was added.' };
const SAVED: Message = { ko: '마진 계산 설정을 저장했습니다.', en: 'The margin settings were saved.' };

export function createSalesService(deps: SalesServiceDeps) {
  const today = () => new Date(deps.clock.now() + KST_MS).toISOString().slice(0, 10);
  /** Saved values over the defaults; a stored value that no longer fits is left out (its default stands). */
  async function costSettings(companyId: string): Promise<LandedCostSettings> {
    const saved = await deps.repository.costSettings(companyId);
    const fits = SalesCostSettings.partial().safeParse(saved);
    const kept = fits.success
      ? fits.data
      : Object.fromEntries(
          Object.entries(saved).filter(([k, v]) => SalesCostSettings.partial().safeParse({ [k]: v }).success),
        );
    return { ...DEFAULT_LANDED_COST_SETTINGS, ...kept };
  }

  const service = {
    async sync(companyId: string, streams?: readonly SalesStream[]) {
      const results = await deps.sync.sync(companyId, streams);
      await service.link(companyId);
      return { message: results.every((r) => r.complete) ? SYNCED : PARTLY, results };
    },

    /** Links the synced vendor items to the company's products and options (their 1688 cost). */
    async link(companyId: string): Promise<number> {
      if (!deps.catalogue) return 0;
      const [products, listed, unplaced] = await Promise.all([
        deps.catalogue(companyId),
        deps.repository.vendorItemsBySellerProduct(companyId),
        deps.links?.unplacedItems(companyId) ?? [],
      ]);
      // Rocket Growth lines name no seller product: an item is placed by its marketplace twin's name.
      const items = placeByName(listed, unplaced);
      const byId = new Map(products.map((p) => [p.productId, p]));
      // Each link keeps its product's category and its option's box (the fee tables' facts).
      const links = linkItems(products, items).map((l) => {
        const p = byId.get(l.productId);
        const o = p?.options.find((x) => x.optionNumber !== null && x.optionNumber === l.optionNumber);
        return { ...l, categoryPath: p?.categoryPath ?? null, box: o?.box ?? null };
      });
      await deps.repository.saveLinks(companyId, links);
      // The links just made name their option by product and number: their identity follows from it.
      await service.followLinks(companyId, undefined, new Set(links.map((l) => l.vendorItemId)));
      return links.length;
    },

    /**
     * Each link (all of the company's, or these vendor items') follows its option to where it is now
     * (a split moved it to a new product and renumbered it): found by its stable identity, the 1688
     * offer and source key (resolveLinks), with the option's cost and the offer's MOQ and tiers. The
     * links in `fresh` were just made by product and option number: their identity is taken anew.
     * Answers the links as they are now.
     */
    async followLinks(
      companyId: string,
      vendorItemIds?: readonly string[],
      fresh?: ReadonlySet<string>,
    ): Promise<StoredLink[]> {
      if (!deps.links || !deps.optionHolders) return [];
      const stored = await deps.links.links(companyId, vendorItemIds);
      if (stored.length === 0) return [];
      const input = stored.map((l) =>
        fresh?.has(l.vendorItemId) ? { ...l, offerId: null, sourceKey: null } : l,
      );
      const holders = await deps.optionHolders(companyId, {
        productIds: [...new Set(input.map((l) => l.productId))],
        offerIds: [...new Set(input.flatMap((l) => (l.offerId ? [l.offerId] : [])))],
      });
      const changed = resolveLinks(input, holders);
      await deps.links.saveResolved(companyId, changed);
      const now = new Map(changed.map((l) => [l.vendorItemId, l]));
      return stored.map((l) => now.get(l.vendorItemId) ?? l);
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
        costSettings(companyId),
      ]);
      const costs = await deps.repository.itemCosts(companyId, [...new Set(rows.map((r) => r.vendorItemId))]);
      return {
        lines: rows.map(({ settledFee, settledAmount: _settled, orderedAt, ...line }) => {
          const cost = costs.get(line.vendorItemId);
          return {
            ...line,
            orderedAt: orderedAt.toISOString(),
            margin: calculateSaleMargin({
              channel: channelOf(line.channel),
              quantity: line.quantity,
              revenue: line.amount,
              settledFee,
              categoryCommissionPercent: cost?.categoryCommissionPercent,
              categoryPath: cost?.categoryPath,
              box: cost?.box,
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

    /**
     * 상품별 판매: per vendor item, units, revenue, return rate and the margin of its lines together
     * (the settled fee when every line is settled, else estimated from the rate).
     */
    async byItem(
      companyId: string,
      query: Pick<SalesLinesQuery, 'from' | 'to' | 'channel' | 'q'>,
    ): Promise<SalesByItemResponse> {
      const [rows, settings] = await Promise.all([
        deps.repository.byItem(companyId, query, 500),
        costSettings(companyId),
      ]);
      const costs = await deps.repository.itemCosts(
        companyId,
        rows.map((r) => r.vendorItemId),
      );
      return {
        items: rows.map((r) => {
          const cost = costs.get(r.vendorItemId);
          return {
            vendorItemId: r.vendorItemId,
            channel: r.channel,
            itemName: r.itemName,
            units: r.units,
            revenue: r.revenue,
            returned: r.returned,
            returnRate: r.units === 0 ? 0 : Math.round((r.returned * 1000) / r.units) / 10,
            margin: calculateSaleMargin({
              channel: channelOf(r.channel),
              quantity: r.units,
              revenue: r.revenue,
              settledFee: r.settledLines >= r.lines && r.lines > 0 ? r.settledFee : null,
              categoryCommissionPercent: cost?.categoryCommissionPercent,
              categoryPath: cost?.categoryPath,
              box: cost?.box,
              unitYuan: cost?.unitYuan,
              unitWeightKg: cost?.unitWeightKg,
              settings,
            }),
          };
        }),
      };
    },

    /**
     * The registration table's column: per product, the units sold over the last `days` days and the
     * margin of its lines together (each vendor item's with its own link and settlements; unknown
     * when one part's cost is), the percent of the revenue to one decimal.
     */
    async byProduct(companyId: string, days: number): Promise<SalesByProductResponse> {
      const since = new Date(deps.clock.now() - days * 86_400_000);
      const [rows, settings] = await Promise.all([
        deps.repository.byProduct(companyId, since, 10_000),
        costSettings(companyId),
      ]);
      const out = new Map<string, SalesByProductResponse['products'][number]>();
      for (const r of rows) {
        const m = calculateSaleMargin({
          channel: channelOf(r.channel),
          quantity: r.units,
          revenue: r.revenue,
          settledFee: r.settledLines >= r.lines && r.lines > 0 ? r.settledFee : null,
          categoryCommissionPercent: r.commissionPercent,
          categoryPath: r.categoryPath,
          box: r.box,
          unitYuan: r.unitYuan,
          unitWeightKg: r.unitWeightKg,
          settings,
        });
        const p = out.get(r.productId) ?? {
          productId: r.productId,
          units: 0,
          revenue: 0,
          margin: 0,
          marginPercent: null,
          estimated: false,
        };
        p.units += r.units;
        p.revenue += r.revenue;
        p.margin = p.margin === null || m.margin === null ? null : p.margin + m.margin;
        p.estimated ||= m.estimated;
        out.set(r.productId, p);
      }
      const products = [...out.values()].map((p) => ({
        ...p,
        marginPercent:
          p.margin === null || p.revenue === 0 ? null : Math.round((p.margin * 1000) / p.revenue) / 10,
      }));
      return { days, products };
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
      const ids = rows.map((r) => r.vendorItemId);
      // The reorder terms of each item's option where it is now (a split may have moved it).
      const [costs, links] = await Promise.all([
        deps.repository.itemCosts(companyId, ids),
        service.followLinks(companyId, ids),
      ]);
      const terms = new Map(links.map((l) => [l.vendorItemId, l]));
      return {
        items: rows.map((r) => {
          const link = terms.get(r.vendorItemId);
          const cost = costs.get(r.vendorItemId);
          const moq = Math.max(1, link?.moq ?? cost?.moq ?? 1);
          const cover = stockCover({
            orderable: r.orderable,
            units7: r.units7,
            units30: r.units30,
            leadTimeDays: query.leadTimeDays,
            coverDays: query.coverDays,
            thresholdDays: query.thresholdDays,
            moq,
            tiers: link?.priceTiers ?? null,
            unitYuan: link?.unitYuan ?? cost?.unitYuan ?? null,
          });
          const { purchase, ...figures } = cover;
          return {
            vendorItemId: r.vendorItemId,
            itemName: r.itemName,
            orderable: r.orderable,
            units7: r.units7,
            units30: r.units30,
            ...figures,
            moq,
            minimum: purchase.minimum,
            tier: purchase.tier,
            unitYuan: purchase.unitYuan,
            priceSource: purchase.priceSource,
            amountYuan: purchase.amountYuan,
            fetchedAt: r.fetchedAt.toISOString(),
          };
        }),
        thresholdDays: query.thresholdDays,
        leadTimeDays: query.leadTimeDays,
        coverDays: query.coverDays,
      };
    },

    /** Which of these vendor items the company has linked to one of its options already. */
    async linkedItemIds(companyId: string, vendorItemIds: readonly string[]): Promise<Set<string>> {
      return new Set((await deps.repository.itemCosts(companyId, vendorItemIds)).keys());
    },

    /** The seller links a vendor item to an option of one of the company's products (its 1688 cost). */
    async linkManually(
      companyId: string,
      input: { vendorItemId: string; productId: string; optionIndex: number },
    ) {
      const option = await deps.productOption?.(companyId, input.productId, input.optionIndex);
      if (!option) throw new AppError('sales_link_target_missing', 'not_found', NO_OPTION);
      const link = {
        vendorItemId: input.vendorItemId,
        productId: input.productId,
        optionNumber: option.optionNumber,
        unitYuan: option.yuan,
        unitWeightKg: option.weightG === null ? null : option.weightG / 1000,
        moq: null,
        commissionPercent: null,
      };
      await deps.repository.saveLinks(companyId, [
        { ...link, categoryPath: option.categoryPath ?? null, box: option.box ?? null },
      ]);
      const { moq: _m, commissionPercent: _c, ...answer } = link;
      return { message: LINKED, link: answer };
    },

    /** addsale: a sale outside Coupang (no Coupang fee in its margin), keyed so it is never synced over. */
    async addManualSale(
      companyId: string,
      sale: {
        date: string;
        itemName: string;
        quantity: number;
        unitPrice: number;
        vendorItemId?: string | undefined;
      },
    ) {
      const key = `MANUAL:${randomUUID()}`;
      await deps.repository.addManualSale(companyId, {
        ...sale,
        key,
        vendorItemId: sale.vendorItemId ?? key,
      });
      return { message: SALE_ADDED, key };
    },

    /** addreturn: a return outside Coupang, with the seller's reason. */
    async addManualReturn(
      companyId: string,
      r: {
        date: string;
        itemName: string;
        quantity: number;
        reason: string;
        vendorItemId?: string | undefined;
      },
    ) {
      const key = `MANUAL:${randomUUID()}`;
      await deps.repository.addManualReturn(companyId, { ...r, key, vendorItemId: r.vendorItemId ?? key });
      return { message: RETURN_ADDED, key };
    },

    costSettings: async (companyId: string) => ({ settings: await costSettings(companyId) }),

    /** Saves the values given (bounded by the contract); answers every value in use. */
    async saveCostSettings(companyId: string, change: Partial<LandedCostSettings>) {
      const next = { ...(await costSettings(companyId)), ...change };
      await deps.repository.saveCostSettings(companyId, next);
      return { settings: next, message: SAVED };
    },

    async settlements(companyId: string): Promise<SalesSettlementsResponse> {
      return { months: await deps.repository.monthlySettlements(companyId) };
    },

    /** The list as an .xlsx (at most SHEET_MAX_ROWS rows, the list's own filters). */
    async sheet(
      companyId: string,
      kind: SalesSheetKind,
      query: Omit<SalesLinesQuery, 'page' | 'pageSize'> & SalesInventoryQuery,
    ): Promise<Buffer> {
      if (kind === 'lines') {
        const { lines } = await service.lines(companyId, { ...query, page: 1, pageSize: SHEET_MAX_ROWS });
        type L = (typeof lines)[number];
        const part = (key: string) => (l: L) => l.margin.parts.find((p) => p.key === key)?.amount ?? null;
        const columns: SheetColumn<L>[] = [
          { header: '주문일시', width: 20, value: (l) => l.orderedAt },
          { header: '주문번호', width: 16, value: (l) => l.orderId },
          {
            header: '채널',
            width: 12,
            value: (l) => (l.channel === 'ROCKET_GROWTH' ? '로켓그로스' : '판매자배송'),
          },
          { header: '상태', width: 14, value: (l) => l.status },
          { header: '옵션ID', width: 14, value: (l) => l.vendorItemId },
          { header: '상품명', width: 36, value: (l) => l.itemName },
          { header: '수량', width: 6, value: (l) => l.quantity },
          { header: '판매가', width: 10, value: (l) => l.unitPrice },
          { header: '매출', width: 10, value: (l) => l.amount },
          { header: '쿠팡 수수료', width: 10, value: part('commission') },
          {
            header: '수수료 출처',
            width: 18,
            value: (l) => feeSourceKo(l.margin.parts.find((p) => p.key === 'commission')),
          },
          { header: '로켓그로스 비용', width: 12, value: part('rocket_growth_fee') },
          {
            header: '로켓그로스 비용 출처',
            width: 22,
            value: (l) => feeSourceKo(l.margin.parts.find((p) => p.key === 'rocket_growth_fee')),
          },
          { header: '상품 원가', width: 10, value: part('goods') },
          { header: '국제 배송비', width: 10, value: part('international_shipping') },
          { header: '관세', width: 8, value: part('customs_duty') },
          { header: '수입 부가세', width: 10, value: part('import_vat') },
          { header: '마진', width: 10, value: (l) => l.margin.margin },
          { header: '마진율(%)', width: 10, value: (l) => l.margin.marginPercent },
        ];
        return salesSheet('판매 목록', columns, lines);
      }
      if (kind === 'returns') {
        const { returns } = await service.returns(companyId, { ...query, page: 1, pageSize: SHEET_MAX_ROWS });
        return salesSheet(
          '반품 목록',
          [
            { header: '접수일시', width: 20, value: (r) => r.requestedAt },
            { header: '접수번호', width: 16, value: (r) => r.receiptId },
            { header: '주문번호', width: 16, value: (r) => r.orderId },
            { header: '옵션ID', width: 14, value: (r) => r.vendorItemId },
            { header: '상품명', width: 36, value: (r) => r.itemName },
            { header: '상태', width: 18, value: (r) => r.status },
            { header: '사유 분류', width: 12, value: (r) => r.reasonCategory1 },
            { header: '사유', width: 14, value: (r) => r.reasonCategory2 },
            { header: '고객 사유', width: 30, value: (r) => r.reason },
            { header: '수량', width: 6, value: (r) => r.quantity },
            { header: '같은 사유 반품 수', width: 14, value: (r) => r.sameReasonCount },
          ],
          returns,
        );
      }
      if (kind === 'inventory') {
        const { items } = await service.inventory(companyId, query);
        return salesSheet(
          '로켓그로스 재고',
          [
            { header: '옵션ID', width: 14, value: (i) => i.vendorItemId },
            { header: '상품명', width: 36, value: (i) => i.itemName },
            { header: '주문가능 재고', width: 12, value: (i) => i.orderable },
            { header: '7일 판매', width: 9, value: (i) => i.units7 },
            { header: '30일 판매', width: 9, value: (i) => i.units30 },
            { header: '하루 판매(7일)', width: 12, value: (i) => i.perDay7 },
            { header: '하루 판매(30일)', width: 12, value: (i) => i.perDay30 },
            { header: '재고 일수', width: 10, value: (i) => i.daysOfCover },
            { header: '부족', width: 6, value: (i) => (i.below ? '예' : '') },
            { header: '부족 수량', width: 10, value: (i) => i.shortfall },
            { header: 'MOQ', width: 6, value: (i) => i.moq },
            { header: '재주문 수량', width: 12, value: (i) => i.reorderQuantity },
            {
              header: '적용 구간',
              width: 12,
              value: (i) => (i.tier ? `${i.tier.minQuantity}개 이상` : ''),
            },
            { header: '단가(위안)', width: 10, value: (i) => i.unitYuan },
            { header: '금액(위안)', width: 12, value: (i) => i.amountYuan },
          ],
          items,
        );
      }
      const { months } = await service.settlements(companyId);
      return salesSheet(
        '정산 장부',
        [
          { header: '월', width: 10, value: (m) => m.month },
          { header: '매출', width: 14, value: (m) => m.sales },
          { header: '쿠팡 수수료', width: 14, value: (m) => m.fees },
          { header: '정산 금액', width: 14, value: (m) => m.settled },
          { header: '건수', width: 8, value: (m) => m.lines },
        ],
        months,
      );
    },
  };
  return service;
}
export type SalesService = ReturnType<typeof createSalesService>;
export type SalesSheetKind = 'lines' | 'returns' | 'inventory' | 'settlements';
