import { isRecord } from '@rr/domain';

// Issue 41: the fake Coupang's sales side, as strict as the documentation found (docs/decisions.md,
// "Coupang's sales endpoints"): marketplace order sheets (day paging), return/cancel requests, the
// revenue (settlement) history, Rocket Growth orders and the Rocket Growth inventory. The answers come
// from a deterministic history: the same vendor items and the same calendar day give the same orders,
// whatever the time of the request, so a re-sync sees the same lines and a test can count them.

export type SalesItem = {
  readonly vendorItemId: number;
  readonly sellerProductId: number;
  readonly name: string;
  readonly salePrice: number;
  readonly channel: 'MARKETPLACE' | 'ROCKET_GROWTH';
};

/**
 * The demo seller's listings on the fake Coupang (its ids are the demo's): three of the demo's 1688
 * products, already on sale when the demo starts. The demo links each vendor item to the demo
 * product's option it is (apps/server/src/demo/demo-sales-links.ts), so every demo line has its
 * landed cost; the fake itself knows nothing of our products.
 */
export const DEMO_SALES_ITEMS: readonly SalesItem[] = [
  {
    vendorItemId: 70000000101,
    sellerProductId: 15000000001,
    name: '3D 입체퍼즐 건축 모형, 에펠탑',
    salePrice: 18900,
    channel: 'MARKETPLACE',
  },
  {
    vendorItemId: 70000000102,
    sellerProductId: 15000000001,
    name: '3D 입체퍼즐 건축 모형, 성',
    salePrice: 19900,
    channel: 'MARKETPLACE',
  },
  {
    vendorItemId: 70000000201,
    sellerProductId: 15000000002,
    name: '실리콘 뒤집개 내열 230도, 그레이',
    salePrice: 12900,
    channel: 'MARKETPLACE',
  },
  {
    vendorItemId: 70000000301,
    sellerProductId: 15000000003,
    name: '아이폰15 투명 범퍼 케이스, 투명',
    salePrice: 9900,
    channel: 'ROCKET_GROWTH',
  },
  {
    vendorItemId: 70000000302,
    sellerProductId: 15000000003,
    name: '아이폰15 투명 범퍼 케이스, 블랙',
    salePrice: 9900,
    channel: 'ROCKET_GROWTH',
  },
];

export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const KST_MS = 9 * 3_600_000;

// --- the deterministic history -------------------------------------------------------------------

/** A small integer hash (FNV-1a over the parts' text): the history's only source of "randomness". */
function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Days since 1970-01-01 in Korean time. */
const kstDay = (ms: number) => Math.floor((ms + KST_MS) / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** A Korean wall-clock time as Coupang writes it (yyyy-MM-ddTHH:mm:ss). */
const kstText = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 19);

export const RETURN_REASONS = [
  { category1: '고객변심', category2: '단순변심', reason: '단순 변심' },
  { category1: '상품불량', category2: '파손', reason: '상품이 파손되어 배송됨' },
  { category1: '오배송', category2: '옵션상이', reason: '주문한 옵션과 다른 상품이 옴' },
  { category1: '상품불량', category2: '상품상이', reason: '상세 설명과 크기가 다름' },
] as const;

export type FakeOrder = {
  orderId: number;
  shipmentBoxId: number;
  item: SalesItem;
  quantity: number;
  orderedAtMs: number;
  day: number;
};

export type SalesHistory = ReturnType<typeof generateSalesHistory>;

/** Order sheets, returns, revenue lines, RG orders and inventory for `items` over the 90 days to `nowMs`. */
export function generateSalesHistory(items: readonly SalesItem[], nowMs: number) {
  const today = kstDay(nowMs);
  const orders: FakeOrder[] = [];
  for (const item of items)
    for (let day = today - HISTORY_DAYS + 1; day <= today; day++) {
      const count = hash(item.vendorItemId, day) % 4; // 0..3 orders a day
      for (let k = 0; k < count; k++) {
        const minute = hash(item.vendorItemId, day, k, 'm') % (24 * 60);
        const orderedAtMs = day * DAY_MS - KST_MS + minute * 60_000;
        if (orderedAtMs > nowMs) continue;
        const orderId = 2_000_000_000_000 + day * 100_000 + (item.vendorItemId % 10_000) * 10 + k;
        orders.push({
          orderId,
          shipmentBoxId: orderId + 500_000_000_000,
          item,
          quantity: 1 + (hash(orderId, 'q') % 3 === 0 ? 1 : 0),
          orderedAtMs,
          day,
        });
      }
    }
  orders.sort((a, b) => a.orderedAtMs - b.orderedAtMs || a.orderId - b.orderId);
  const age = (o: FakeOrder) => today - o.day;
  const status = (o: FakeOrder) => {
    const a = age(o);
    if (a === 0) return 'ACCEPT';
    if (a === 1) return 'INSTRUCT';
    if (a === 2) return 'DEPARTURE';
    if (a <= 4) return 'DELIVERING';
    return 'FINAL_DELIVERY';
  };
  // One delivered order in about 14 is returned six days after it was ordered; an item's reasons lean
  // on one reason (a product with a real fault shows it again and again).
  const returns = orders
    // Only the seller's own deliveries (Rocket Growth returns go to Coupang's warehouse).
    .filter(
      (o) =>
        o.item.channel === 'MARKETPLACE' && status(o) === 'FINAL_DELIVERY' && hash(o.orderId, 'r') % 14 === 0,
    )
    .map((o) => {
      const createdAtMs = o.orderedAtMs + 6 * DAY_MS;
      const leaning = hash(o.item.vendorItemId, 'lean') % RETURN_REASONS.length;
      const pick = hash(o.orderId, 'why') % 3 === 0 ? hash(o.orderId, 'w2') % RETURN_REASONS.length : leaning;
      return {
        order: o,
        reason: RETURN_REASONS[pick]!,
        createdAtMs,
        completed: nowMs - createdAtMs > 3 * DAY_MS,
      };
    })
    .filter((r) => r.createdAtMs <= nowMs);
  const returned = new Set(returns.map((r) => r.order.orderId));
  // Revenue is recognised 7 days after delivery (delivered 5 days after the order), until yesterday.
  const revenue = orders
    .filter((o) => o.item.channel === 'MARKETPLACE' && !returned.has(o.orderId) && o.day + 12 < today)
    .map((o) => {
      const saleAmount = o.item.salePrice * o.quantity;
      const serviceFee = Math.round((saleAmount * 108) / 1000);
      const serviceFeeVat = Math.round(serviceFee / 10);
      return {
        order: o,
        recognitionDay: o.day + 12,
        saleAmount,
        serviceFee,
        serviceFeeVat,
        settlementAmount: saleAmount - serviceFee - serviceFeeVat,
      };
    });
  const rgItems = items.filter((i) => i.channel === 'ROCKET_GROWTH');
  const inventory = rgItems.map((item) => ({
    item,
    orderable: hash(item.vendorItemId, 'stock') % 120,
    last30: orders
      .filter((o) => o.item.vendorItemId === item.vendorItemId && today - o.day < 30)
      .reduce((n, o) => n + o.quantity, 0),
  }));
  return { today, orders, status, returns, revenue, inventory };
}

// --- the endpoints ----------------------------------------------------------------------------------

const ORDERSHEETS = /^\/v2\/providers\/openapi\/apis\/api\/v4\/vendors\/([^/]+)\/ordersheets$/;
const RETURNS = /^\/v2\/providers\/openapi\/apis\/api\/v4\/vendors\/([^/]+)\/returnRequests$/;
const REVENUE = '/v2/providers/openapi/apis/api/v1/revenue-history';
const RG_ORDERS = /^\/v2\/providers\/rg_open_api\/apis\/api\/v1\/vendors\/([^/]+)\/rg\/orders$/;
const RG_INVENTORY =
  /^\/v2\/providers\/rg_open_api\/apis\/api\/v1\/vendors\/([^/]+)\/rg\/inventory\/summaries$/;

export const ORDER_STATUSES = [
  'ACCEPT',
  'INSTRUCT',
  'DEPARTURE',
  'DELIVERING',
  'FINAL_DELIVERY',
  'NONE_TRACKING',
] as const;
const RETURN_STATUSES = ['RU', 'UC', 'CC', 'PR'] as const;
/** The inventory's page size (not documented: the fake's choice). */
export const INVENTORY_PAGE = 20;

export type SalesAnswer = { status: number; body: unknown };
const refuse = (message: string): SalesAnswer => ({
  status: 400,
  body: { code: 'ERROR', message: `[${message}]`, data: null },
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COMPACT = /^\d{8}$/;
const MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const validDate = (text: string) => !Number.isNaN(Date.parse(`${text.slice(0, 10)}T00:00:00Z`));
const toDay = (text: string) => Math.floor(Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const compactToDay = (t: string) => toDay(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`);
/** Korean wall-clock text (yyyy-MM-ddTHH:mm) → ms. */
const kstMinuteMs = (t: string) => Date.parse(`${t}:00Z`) - KST_MS;

/** nextToken: an opaque offset (the fake's; Coupang's is opaque too). */
const token = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function offsetOf(text: string | null): number | null {
  if (!text) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

function paged<T>(all: readonly T[], next: string | null, size: number) {
  const offset = offsetOf(next);
  if (offset === null) return null;
  const page = all.slice(offset, offset + size);
  return { page, nextToken: offset + size < all.length ? token(offset + size) : '' };
}

function sizeParam(url: URL, name: string, fallback: number, max: number): number | string {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) return `${name}는 1 이상 ${max} 이하로 입력해주세요.`;
  return n;
}

const orderSheet = (h: SalesHistory, o: FakeOrder, vendorId: string) => ({
  shipmentBoxId: o.shipmentBoxId,
  orderId: o.orderId,
  orderedAt: kstText(o.orderedAtMs),
  paidAt: kstText(o.orderedAtMs + 60_000),
  status: h.status(o),
  shippingPrice: 0,
  remotePrice: 0,
  remoteArea: false,
  splitShipping: false,
  ableSplitShipping: false,
  orderer: { name: '김*팡', email: 'c*****@coupang.com', safeNumber: '0502-***-****' },
  receiver: {
    name: '김*팡',
    safeNumber: '0502-***-****',
    addr1: '서울특별시 송파구',
    addr2: '***',
    postCode: '05510',
  },
  vendorId,
  orderItems: [
    {
      vendorItemPackageId: 0,
      productId: 0,
      vendorItemId: o.item.vendorItemId,
      vendorItemName: o.item.name,
      shippingCount: o.quantity,
      salesPrice: o.item.salePrice,
      orderPrice: o.item.salePrice * o.quantity,
      discountPrice: 0,
      sellerProductId: o.item.sellerProductId,
      sellerProductName: o.item.name.split(',')[0],
      sellerProductItemName: o.item.name,
    },
  ],
});

/**
 * Answers a sales endpoint, or null when `path` is none of them. `vendorId` is the signed caller's;
 * `history` is built once per request from the fake's items and clock.
 */
export function answerSales(
  method: string,
  path: string,
  url: URL,
  vendorId: string,
  history: () => SalesHistory,
): SalesAnswer | null {
  const q = (name: string) => url.searchParams.get(name);
  const sheets = ORDERSHEETS.exec(path);
  const returns = RETURNS.exec(path);
  const rgOrders = RG_ORDERS.exec(path);
  const rgInventory = RG_INVENTORY.exec(path);
  const isSales = sheets || returns || rgOrders || rgInventory || path === REVENUE;
  if (!isSales) return null;
  if (method !== 'GET')
    return { status: 405, body: { code: 'ERROR', message: 'Method Not Allowed', data: null } };
  const pathVendor = (sheets ?? returns ?? rgOrders ?? rgInventory)?.[1];
  if (pathVendor !== undefined && pathVendor !== vendorId) return refuse('업체코드가 잘못 되었습니다.');

  if (sheets) {
    // "발주서 목록 조회(일단위 페이징)": createdAtFrom, createdAtTo and status are required.
    const from = q('createdAtFrom');
    const to = q('createdAtTo');
    const status = q('status');
    if (!from || !to) return refuse('createdAtFrom, createdAtTo는 필수입니다.');
    if (!status) return refuse('status는 필수입니다.');
    if (!(ORDER_STATUSES as readonly string[]).includes(status))
      return refuse(`잘못된 발주서 상태입니다: ${status}`);
    const timeFrame = q('searchType') === 'timeFrame';
    let inRange: (o: FakeOrder) => boolean;
    if (timeFrame) {
      // timeFrame: yyyy-MM-ddTHH:mm, [from, to), at most 24 hours.
      if (!MINUTE.test(from) || !MINUTE.test(to) || !validDate(from) || !validDate(to))
        return refuse('searchType=timeFrame의 일시는 yyyy-MM-ddTHH:mm 형식이어야 합니다.');
      const a = kstMinuteMs(from);
      const b = kstMinuteMs(to);
      if (b <= a) return refuse('createdAtTo는 createdAtFrom보다 뒤여야 합니다.');
      if (b - a > DAY_MS) return refuse('분단위 조회는 최대 24시간까지 가능합니다.');
      inRange = (o) => o.orderedAtMs >= a && o.orderedAtMs < b;
    } else {
      if (!DATE.test(from) || !DATE.test(to) || !validDate(from) || !validDate(to))
        return refuse('createdAtFrom, createdAtTo는 yyyy-MM-dd 형식이어야 합니다.');
      const a = toDay(from);
      const b = toDay(to);
      if (b < a) return refuse('createdAtTo는 createdAtFrom보다 같거나 뒤여야 합니다.');
      if (b - a + 1 > 31) return refuse('조회 기간은 최대 31일입니다.');
      inRange = (o) => o.day >= a && o.day <= b;
    }
    const max = sizeParam(url, 'maxPerPage', 50, 50);
    if (typeof max === 'string') return refuse(max);
    const h = history();
    // Rocket Growth orders are Coupang's to ship: they are not in the seller's order sheets.
    const all = h.orders.filter(
      (o) => o.item.channel === 'MARKETPLACE' && inRange(o) && h.status(o) === status,
    );
    // The minute search answers everything at once (no paging).
    const p = timeFrame ? { page: all, nextToken: '' } : paged(all, q('nextToken'), max);
    if (!p) return refuse('nextToken이 올바르지 않습니다.');
    return {
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        data: p.page.map((o) => orderSheet(h, o, vendorId)),
        nextToken: p.nextToken,
      },
    };
  }

  if (returns) {
    // "반품/취소 요청 목록 조회": searchType, createdAtFrom, createdAtTo; status unless cancelType=CANCEL;
    // at most 31 days.
    const from = q('createdAtFrom');
    const to = q('createdAtTo');
    if (!q('searchType')) return refuse('searchType은 필수입니다.');
    if (!from || !to) return refuse('createdAtFrom, createdAtTo는 필수입니다.');
    const cancel = q('cancelType') === 'CANCEL';
    const status = q('status');
    if (!cancel && !status) return refuse('status는 필수입니다.');
    if (status && !(RETURN_STATUSES as readonly string[]).includes(status))
      return refuse(`잘못된 반품 상태입니다: ${status}`);
    const timeFrame = q('searchType') === 'timeFrame';
    const format = timeFrame ? MINUTE : DATE;
    if (!format.test(from) || !format.test(to) || !validDate(from) || !validDate(to))
      return refuse(
        timeFrame
          ? 'searchType=timeFrame의 일시는 yyyy-MM-ddTHH:mm 형식이어야 합니다.'
          : 'createdAtFrom, createdAtTo는 yyyy-MM-dd 형식이어야 합니다.',
      );
    const a = timeFrame ? kstMinuteMs(from) : toDay(from) * DAY_MS - KST_MS;
    const b = timeFrame ? kstMinuteMs(to) : (toDay(to) + 1) * DAY_MS - KST_MS;
    if (b <= a) return refuse('createdAtTo는 createdAtFrom보다 뒤여야 합니다.');
    if (b - a > 31 * DAY_MS) return refuse('조회 기간은 최대 31일입니다.');
    const max = sizeParam(url, 'maxPerPage', 50, 50);
    if (typeof max === 'string') return refuse(max);
    const h = history();
    // The fake's returns are all returns of delivered orders (RETURN), never a cancel before shipping.
    const all = cancel
      ? []
      : h.returns.filter(
          (r) =>
            r.createdAtMs >= a &&
            r.createdAtMs < b &&
            (status === 'UC' ? !r.completed : status === 'CC' ? r.completed : false),
        );
    const p = paged(all, q('nextToken'), max);
    if (!p) return refuse('nextToken이 올바르지 않습니다.');
    return {
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        data: p.page.map((r) => ({
          receiptId: r.order.orderId + 7_000_000_000_000,
          orderId: r.order.orderId,
          paymentId: r.order.orderId + 1,
          receiptType: 'RETURN',
          receiptStatus: r.completed ? 'RETURNS_COMPLETED' : 'RETURNS_UNCHECKED',
          createdAt: kstText(r.createdAtMs),
          modifiedAt: kstText(r.createdAtMs),
          cancelReasonCategory1: r.reason.category1,
          cancelReasonCategory2: r.reason.category2,
          cancelReason: r.reason.reason,
          cancelCountSum: r.order.quantity,
          returnDeliveryType: '연동택배',
          faultByType: r.reason.category1 === '고객변심' ? 'CUSTOMER' : 'VENDOR',
          returnItems: [
            {
              vendorItemId: r.order.item.vendorItemId,
              vendorItemName: r.order.item.name,
              sellerProductId: r.order.item.sellerProductId,
              sellerProductName: r.order.item.name.split(',')[0],
              shipmentBoxId: r.order.shipmentBoxId,
              purchaseCount: r.order.quantity,
              cancelCount: r.order.quantity,
            },
          ],
        })),
        nextToken: p.nextToken,
      },
    };
  }

  if (path === REVENUE) {
    // "매출내역 조회": vendorId, recognitionDateFrom, recognitionDateTo and token (empty for the first
    // page) are required; at most 31 days; maxPerPage 1..50 (50 by default); only days before today.
    const from = q('recognitionDateFrom');
    const to = q('recognitionDateTo');
    if (!q('vendorId')) return refuse('vendorId는 필수입니다.');
    if (q('vendorId') !== vendorId) return refuse('업체코드가 잘못 되었습니다.');
    if (!from || !to) return refuse('recognitionDateFrom, recognitionDateTo는 필수입니다.');
    if (url.searchParams.get('token') === null)
      return refuse('token은 필수입니다. 첫 페이지는 token= 으로 조회하세요.');
    if (!DATE.test(from) || !DATE.test(to) || !validDate(from) || !validDate(to))
      return refuse('recognitionDateFrom, recognitionDateTo는 yyyy-MM-dd 형식이어야 합니다.');
    const a = toDay(from);
    const b = toDay(to);
    if (b < a) return refuse('recognitionDateTo는 recognitionDateFrom보다 같거나 뒤여야 합니다.');
    if (b - a + 1 > 31) return refuse('조회 기간은 최대 31일입니다.');
    const h = history();
    if (b >= h.today) return refuse('recognitionDateTo는 오늘 이전 날짜여야 합니다.');
    const max = sizeParam(url, 'maxPerPage', 50, 50);
    if (typeof max === 'string') return refuse(max);
    const all = h.revenue.filter((r) => r.recognitionDay >= a && r.recognitionDay <= b);
    const p = paged(all, q('token'), max);
    if (!p) return refuse('token이 올바르지 않습니다.');
    return {
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        hasNext: p.nextToken !== '',
        nextToken: p.nextToken,
        data: p.page.map((r) => ({
          orderId: r.order.orderId,
          saleType: 'SALE',
          saleDate: dayText(r.order.day),
          recognitionDate: dayText(r.recognitionDay),
          settlementDate: dayText(r.recognitionDay + 15),
          finalSettlementDate: dayText(r.recognitionDay + 15),
          deliveryFee: { amount: 0, fee: 0, feeVat: 0, feeRatio: 0, settlementAmount: 0 },
          items: [
            {
              taxType: 'TAX',
              productId: 0,
              productName: r.order.item.name.split(',')[0],
              vendorItemId: r.order.item.vendorItemId,
              vendorItemName: r.order.item.name,
              salePrice: r.order.item.salePrice,
              quantity: r.order.quantity,
              coupangDiscountCoupon: 0,
              discountCouponPolicyAgreement: true,
              saleAmount: r.saleAmount,
              sellerDiscountCoupon: 0,
              downloadableCoupon: 0,
              serviceFee: r.serviceFee,
              serviceFeeVat: r.serviceFeeVat,
              serviceFeeRatio: 10.8,
              settlementAmount: r.settlementAmount,
              couranteeFeeRatio: 0,
              couranteeFee: 0,
              couranteeFeeVat: 0,
              storeFeeDiscountVat: 0,
              storeFeeDiscount: 0,
              externalSellerSkuCode: '',
            },
          ],
        })),
      },
    };
  }

  if (rgOrders) {
    // Rocket Growth orders (목록 쿼리): paidDateFrom and paidDateTo (yyyyMMdd) are required, at most 30
    // days; paidDateTo is exclusive; paged by nextToken.
    const from = q('paidDateFrom');
    const to = q('paidDateTo');
    if (!from || !to) return refuse('paidDateFrom, paidDateTo는 필수입니다.');
    if (!COMPACT.test(from) || !COMPACT.test(to))
      return refuse('paidDateFrom, paidDateTo는 yyyyMMdd 형식이어야 합니다.');
    const a = compactToDay(from);
    const b = compactToDay(to);
    if (Number.isNaN(a) || Number.isNaN(b))
      return refuse('paidDateFrom, paidDateTo는 yyyyMMdd 형식이어야 합니다.');
    if (b <= a) return refuse('paidDateTo는 paidDateFrom보다 뒤여야 합니다.');
    if (b - a > 30) return refuse('조회 기간은 최대 30일입니다.');
    const h = history();
    const all = h.orders.filter((o) => o.item.channel === 'ROCKET_GROWTH' && o.day >= a && o.day < b);
    const p = paged(all, q('nextToken'), 50);
    if (!p) return refuse('nextToken이 올바르지 않습니다.');
    return {
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        data: p.page.map((o) => ({
          orderId: o.orderId,
          vendorId,
          paidAt: o.orderedAtMs + 60_000,
          orderItems: [
            {
              vendorItemId: o.item.vendorItemId,
              productName: o.item.name,
              salesQuantity: o.quantity,
              unitSalesPrice: o.item.salePrice,
              currency: 'KRW',
            },
          ],
        })),
        nextToken: p.nextToken || null,
      },
    };
  }

  // Rocket Growth inventory summaries: vendorItemId (optional, one item), nextToken.
  const h = history();
  const one = q('vendorItemId');
  if (one !== null && !/^\d+$/.test(one)) return refuse('vendorItemId는 숫자여야 합니다.');
  const all = one === null ? h.inventory : h.inventory.filter((i) => String(i.item.vendorItemId) === one);
  const p = one === null ? paged(all, q('nextToken'), INVENTORY_PAGE) : { page: all, nextToken: '' };
  if (!p) return refuse('nextToken이 올바르지 않습니다.');
  return {
    status: 200,
    body: {
      code: 200,
      message: 'OK',
      data: p.page.map((i) => ({
        vendorId,
        vendorItemId: i.item.vendorItemId,
        externalSkuId: String(i.item.vendorItemId).slice(-8),
        inventoryDetails: { totalOrderableQuantity: i.orderable },
        salesCountMap: { SALES_COUNT_LAST_THIRTY_DAYS: i.last30 },
      })),
      nextToken: p.nextToken || null,
    },
  };
}

/** The vendor items of the fake's approved products (flat and new schema), with their sale prices. */
export function itemsOfProducts(
  products: Iterable<{ sellerProductId: number; statusName: string; payload: Record<string, unknown> }>,
): SalesItem[] {
  const out: SalesItem[] = [];
  for (const p of products) {
    if (!/승인완료/.test(p.statusName)) continue;
    const items = Array.isArray(p.payload.items) ? p.payload.items.filter(isRecord) : [];
    for (const item of items) {
      const name = typeof item.itemName === 'string' ? item.itemName : String(p.sellerProductId);
      if (item.vendorItemId != null)
        out.push({
          vendorItemId: Number(item.vendorItemId),
          sellerProductId: p.sellerProductId,
          name,
          salePrice: Number(item.salePrice) || 0,
          channel: 'MARKETPLACE',
        });
      for (const [key, channel] of [
        ['marketplaceItemData', 'MARKETPLACE'],
        ['rocketGrowthItemData', 'ROCKET_GROWTH'],
      ] as const) {
        const data = item[key];
        if (!isRecord(data) || data.vendorItemId == null) continue;
        const price = isRecord(data.priceData) ? data.priceData : {};
        out.push({
          vendorItemId: Number(data.vendorItemId),
          sellerProductId: p.sellerProductId,
          name,
          salePrice: Number(price.salePrice) || 0,
          channel,
        });
      }
    }
  }
  return out;
}
