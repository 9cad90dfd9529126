import { isRecord } from '@rr/domain';

// Issue 41: the five things the sales sync reads from Coupang (docs/decisions.md, "Coupang's sales
// endpoints"), each as a plan of requests over date windows and a reader of its answers into rows.
// Pure: no I/O, no clock (the day is given).

export const SALES_STREAMS = ['ordersheets', 'rg_orders', 'returns', 'revenue', 'rg_inventory'] as const;
export type SalesStream = (typeof SALES_STREAMS)[number];

export type OrderLineRow = {
  lineKey: string;
  channel: 'MARKETPLACE' | 'ROCKET_GROWTH';
  orderId: string;
  vendorItemId: string;
  sellerProductId: string | null;
  itemName: string;
  status: string;
  /** ISO time. */
  orderedAt: string;
  quantity: number;
  unitPrice: number;
  amount: number;
};
export type ReturnRow = {
  returnKey: string;
  receiptId: string;
  orderId: string;
  vendorItemId: string;
  sellerProductId: string | null;
  itemName: string;
  receiptType: string;
  status: string;
  reasonCategory1: string;
  reasonCategory2: string;
  reason: string;
  quantity: number;
  requestedAt: string;
};
export type SettlementRow = {
  settlementKey: string;
  orderId: string;
  vendorItemId: string;
  saleType: string;
  saleDate: string;
  recognitionDate: string;
  quantity: number;
  saleAmount: number;
  serviceFee: number;
  serviceFeeVat: number;
  settlementAmount: number;
};
export type InventoryRow = { vendorItemId: string; orderable: number; sold30d: number };
export type SalesRows = {
  orders: OrderLineRow[];
  returns: ReturnRow[];
  settlements: SettlementRow[];
  inventory: InventoryRow[];
};

/** One request of a stream's plan: a window of days [from, to] (yyyy-MM-dd, Korean days) and a variant. */
export type SalesStep = { from: string; to: string; sub: number };

const DAY_MS = 86_400_000;
export const dayNumber = (text: string) => Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const compact = (n: number) => dayText(n).replaceAll('-', '');

const ORDER_STATUSES = ['ACCEPT', 'INSTRUCT', 'DEPARTURE', 'DELIVERING', 'FINAL_DELIVERY', 'NONE_TRACKING'];
const RETURN_VARIANTS = ['status=UC', 'status=CC', 'cancelType=CANCEL'];

type StreamDef = {
  /** Longest window Coupang takes, in days. */
  windowDays: number;
  /** Variants asked for each window (order sheet statuses, return statuses). */
  subs: number;
  /** The last day a window may reach (revenue: only days before today). */
  lastDay(today: number): number;
  path(vendorId: string): string;
  /** The query string of one page (named so: `.query(` is reserved for SQL by check-deps). */
  search(vendorId: string, step: SalesStep, token: string): string;
  rows(answer: Record<string, unknown>): SalesRows;
  /** The token for the next page, '' when this was the last. */
  next(answer: Record<string, unknown>): string;
};

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : []);
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
/** Coupang's Korean wall-clock text (yyyy-MM-ddTHH:mm:ss) → ISO with its offset. */
const kstIso = (v: unknown): string => {
  const t = text(v);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(t) ? `${t.length === 16 ? `${t}:00` : t}+09:00` : t;
};
const empty = (): SalesRows => ({ orders: [], returns: [], settlements: [], inventory: [] });
const nextToken = (a: Record<string, unknown>) => text(a.nextToken);
const dataOf = (a: Record<string, unknown>) => list(a.data);

export const STREAMS: Record<SalesStream, StreamDef> = {
  ordersheets: {
    windowDays: 31,
    subs: ORDER_STATUSES.length,
    lastDay: (today) => today,
    path: (v) => `/v2/providers/openapi/apis/api/v4/vendors/${encodeURIComponent(v)}/ordersheets`,
    search: (_v, s, token) =>
      `createdAtFrom=${s.from}&createdAtTo=${s.to}&status=${ORDER_STATUSES[s.sub]}&maxPerPage=50${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
    rows: (a) => ({
      ...empty(),
      orders: dataOf(a).flatMap((sheet) =>
        list(sheet.orderItems).map((item) => {
          const quantity = num(item.shippingCount);
          const unitPrice = num(item.salesPrice);
          return {
            lineKey: `MP:${text(sheet.shipmentBoxId)}:${text(item.vendorItemId)}`,
            channel: 'MARKETPLACE' as const,
            orderId: text(sheet.orderId),
            vendorItemId: text(item.vendorItemId),
            sellerProductId: text(item.sellerProductId) || null,
            itemName: text(item.vendorItemName) || text(item.sellerProductName),
            status: text(sheet.status),
            orderedAt: kstIso(sheet.orderedAt),
            quantity,
            unitPrice,
            amount: item.orderPrice === undefined ? unitPrice * quantity : num(item.orderPrice),
          };
        }),
      ),
    }),
    next: nextToken,
  },
  rg_orders: {
    windowDays: 30,
    subs: 1,
    lastDay: (today) => today,
    path: (v) => `/v2/providers/rg_open_api/apis/api/v1/vendors/${encodeURIComponent(v)}/rg/orders`,
    // paidDateTo is exclusive: the day after the window's last.
    search: (_v, s, token) =>
      `paidDateFrom=${compact(dayNumber(s.from))}&paidDateTo=${compact(dayNumber(s.to) + 1)}${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
    rows: (a) => ({
      ...empty(),
      orders: dataOf(a).flatMap((order) =>
        list(order.orderItems).map((item, i) => {
          const quantity = num(item.salesQuantity);
          const unitPrice = num(item.unitSalesPrice);
          const paid = num(order.paidAt);
          return {
            lineKey: `RG:${text(order.orderId)}:${text(item.vendorItemId)}:${i}`,
            channel: 'ROCKET_GROWTH' as const,
            orderId: text(order.orderId),
            vendorItemId: text(item.vendorItemId),
            sellerProductId: null,
            itemName: text(item.productName),
            status: 'PAID',
            orderedAt: paid > 0 ? new Date(paid).toISOString() : kstIso(order.paidAt),
            quantity,
            unitPrice,
            amount: unitPrice * quantity,
          };
        }),
      ),
    }),
    next: nextToken,
  },
  returns: {
    windowDays: 31,
    subs: RETURN_VARIANTS.length,
    lastDay: (today) => today,
    path: (v) => `/v2/providers/openapi/apis/api/v4/vendors/${encodeURIComponent(v)}/returnRequests`,
    search: (_v, s, token) =>
      `searchType=timeFrame&createdAtFrom=${s.from}T00:00&createdAtTo=${dayText(dayNumber(s.to) + 1)}T00:00&${RETURN_VARIANTS[s.sub]}&maxPerPage=50${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
    rows: (a) => ({
      ...empty(),
      returns: dataOf(a).flatMap((r) =>
        list(r.returnItems).map((item) => ({
          returnKey: `${text(r.receiptId)}:${text(item.vendorItemId)}`,
          receiptId: text(r.receiptId),
          orderId: text(r.orderId),
          vendorItemId: text(item.vendorItemId),
          sellerProductId: text(item.sellerProductId) || null,
          itemName: text(item.vendorItemName),
          receiptType: text(r.receiptType),
          status: text(r.receiptStatus),
          reasonCategory1: text(r.cancelReasonCategory1),
          reasonCategory2: text(r.cancelReasonCategory2),
          reason: text(r.cancelReason),
          quantity: num(item.cancelCount) || num(item.purchaseCount),
          requestedAt: kstIso(r.createdAt),
        })),
      ),
    }),
    next: nextToken,
  },
  revenue: {
    windowDays: 31,
    subs: 1,
    lastDay: (today) => today - 1,
    path: () => '/v2/providers/openapi/apis/api/v1/revenue-history',
    search: (v, s, token) =>
      `vendorId=${encodeURIComponent(v)}&recognitionDateFrom=${s.from}&recognitionDateTo=${s.to}&token=${encodeURIComponent(token)}&maxPerPage=50`,
    rows: (a) => ({
      ...empty(),
      settlements: dataOf(a).flatMap((sale) =>
        list(sale.items).map((item) => ({
          settlementKey: `${text(sale.orderId)}:${text(item.vendorItemId)}:${text(sale.saleType)}`,
          orderId: text(sale.orderId),
          vendorItemId: text(item.vendorItemId),
          saleType: text(sale.saleType),
          saleDate: text(sale.saleDate),
          recognitionDate: text(sale.recognitionDate),
          quantity: num(item.quantity),
          saleAmount: num(item.saleAmount),
          serviceFee: num(item.serviceFee),
          serviceFeeVat: num(item.serviceFeeVat),
          settlementAmount: num(item.settlementAmount),
        })),
      ),
    }),
    // hasNext says whether nextToken leads anywhere.
    next: (a) => (a.hasNext === false ? '' : nextToken(a)),
  },
  rg_inventory: {
    windowDays: 1,
    subs: 1,
    lastDay: (today) => today,
    path: (v) =>
      `/v2/providers/rg_open_api/apis/api/v1/vendors/${encodeURIComponent(v)}/rg/inventory/summaries`,
    search: (_v, _s, token) => (token ? `nextToken=${encodeURIComponent(token)}` : ''),
    rows: (a) => ({
      ...empty(),
      inventory: dataOf(a).map((row) => ({
        vendorItemId: text(row.vendorItemId),
        orderable: num(isRecord(row.inventoryDetails) ? row.inventoryDetails.totalOrderableQuantity : 0),
        sold30d: num(isRecord(row.salesCountMap) ? row.salesCountMap.SALES_COUNT_LAST_THIRTY_DAYS : 0),
      })),
    }),
    next: nextToken,
  },
};

/** The requests of a stream from `start` to its last day, in order (inventory: one, today). */
export function planSteps(stream: SalesStream, startDay: number, today: number): SalesStep[] {
  const def = STREAMS[stream];
  if (stream === 'rg_inventory') return [{ from: dayText(today), to: dayText(today), sub: 0 }];
  const last = def.lastDay(today);
  const steps: SalesStep[] = [];
  for (let from = startDay; from <= last; from += def.windowDays) {
    const to = Math.min(from + def.windowDays - 1, last);
    for (let sub = 0; sub < def.subs; sub++) steps.push({ from: dayText(from), to: dayText(to), sub });
  }
  return steps;
}
