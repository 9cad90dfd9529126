import { z } from 'zod';

// Issue 41: sales, returns, Rocket Growth stock and settlements, synced from Coupang.

export const SALES_STREAM_NAMES = ['ordersheets', 'rg_orders', 'returns', 'revenue', 'rg_inventory'] as const;
export const SalesStreamName = z.enum(SALES_STREAM_NAMES);

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '날짜는 YYYY-MM-DD 형식이어야 합니다.');
const Page = z.coerce.number().int().min(1).max(10_000).default(1);
const PageSize = z.coerce.number().int().min(1).max(100).default(50);

/** POST /api/sales/sync: which streams (all when absent). */
export const SalesSyncRequest = z
  .object({ streams: z.array(SalesStreamName).min(1).max(5).optional() })
  .strict();
export const SalesSyncResponse = z.object({
  message: z.string(),
  results: z.array(
    z.object({
      stream: SalesStreamName,
      pages: z.number().int(),
      rows: z.number().int(),
      complete: z.boolean(),
    }),
  ),
});
export type SalesSyncResponse = z.infer<typeof SalesSyncResponse>;

export const SalesChannel = z.enum(['MARKETPLACE', 'ROCKET_GROWTH', 'MANUAL']);

/** GET /api/sales/lines: order lines, newest first, paged on the server. */
export const SalesLinesQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    status: z.string().max(30).optional(),
    channel: SalesChannel.optional(),
    vendorItemId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    q: z.string().max(100).optional(),
    page: Page,
    pageSize: PageSize,
  })
  .strict();
export type SalesLinesQuery = z.infer<typeof SalesLinesQuery>;

export const MarginPart = z.object({
  key: z.string(),
  amount: z.number().nullable(),
  source: z.string(),
  estimated: z.boolean(),
  /** The row of Coupang's fee tables an estimate came from (the category's rate, the size tier). */
  basis: z
    .union([
      z.object({ kind: z.literal('category'), category: z.string(), percent: z.number() }),
      z.object({ kind: z.literal('size_tier'), tier: z.string(), feePerUnit: z.number() }),
    ])
    .optional(),
});
export const LineMargin = z.object({
  revenue: z.number(),
  parts: z.array(MarginPart),
  knownCost: z.number(),
  margin: z.number().nullable(),
  marginPercent: z.number().nullable(),
  estimated: z.boolean(),
});
export type LineMargin = z.infer<typeof LineMargin>;

export const SalesLine = z.object({
  lineKey: z.string(),
  channel: z.string(),
  orderId: z.string(),
  vendorItemId: z.string(),
  sellerProductId: z.string().nullable(),
  itemName: z.string(),
  status: z.string(),
  orderedAt: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
  margin: LineMargin,
});
export type SalesLine = z.infer<typeof SalesLine>;

export const SalesLinesResponse = z.object({
  lines: z.array(SalesLine),
  totals: z.object({ lines: z.number().int(), units: z.number().int(), amount: z.number() }),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SalesLinesResponse = z.infer<typeof SalesLinesResponse>;

/** GET /api/sales/daily: units and amount per Korean day (the charts; aggregated in SQL). */
export const SalesDailyQuery = SalesLinesQuery.pick({
  from: true,
  to: true,
  channel: true,
  vendorItemId: true,
}).strict();
export const SalesDailyResponse = z.object({
  days: z.array(z.object({ day: z.string(), units: z.number().int(), amount: z.number() })),
});
export type SalesDailyResponse = z.infer<typeof SalesDailyResponse>;

/** GET /api/sales/returns. */
export const SalesReturnsQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    vendorItemId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    page: Page,
    pageSize: PageSize,
  })
  .strict();
export const SalesReturn = z.object({
  receiptId: z.string(),
  orderId: z.string(),
  vendorItemId: z.string(),
  sellerProductId: z.string().nullable(),
  itemName: z.string(),
  receiptType: z.string(),
  status: z.string(),
  reasonCategory1: z.string(),
  reasonCategory2: z.string(),
  reason: z.string(),
  quantity: z.number().int(),
  requestedAt: z.string(),
  /** Returns of this item for the same reason; 2 or more is flagged. */
  sameReasonCount: z.number().int(),
  repeated: z.boolean(),
});
export type SalesReturn = z.infer<typeof SalesReturn>;
export const SalesReturnsResponse = z.object({
  returns: z.array(SalesReturn),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SalesReturnsResponse = z.infer<typeof SalesReturnsResponse>;

/** GET /api/sales/inventory: Rocket Growth stock, cover and the reorder suggestion. */
export const SalesInventoryQuery = z
  .object({
    thresholdDays: z.coerce.number().int().min(1).max(365).default(14),
    leadTimeDays: z.coerce.number().int().min(0).max(365).default(21),
    coverDays: z.coerce.number().int().min(1).max(365).default(30),
  })
  .strict();
export type SalesInventoryQuery = z.infer<typeof SalesInventoryQuery>;
export const SalesInventoryItem = z.object({
  vendorItemId: z.string(),
  itemName: z.string().nullable(),
  orderable: z.number().int(),
  units7: z.number().int(),
  units30: z.number().int(),
  perDay7: z.number(),
  perDay30: z.number(),
  daysOfCover: z.number().nullable(),
  below: z.boolean(),
  /** Units short over lead time and cover (0: enough); the reorder quantity is at least the minimum. */
  shortfall: z.number().int(),
  reorderQuantity: z.number().int(),
  /** The 1688 offer's minimum order quantity (1 when unknown). */
  moq: z.number().int(),
  /** The smallest quantity the offer sells: the MOQ and its first quantity tier's minimum. */
  minimum: z.number().int(),
  /** The quantity tier the reorder quantity reaches (its unit price in yuan), null without tiers. */
  tier: z.object({ minQuantity: z.number(), price: z.number() }).nullable(),
  /** The unit price used (yuan): the tier's, else the option's own 1688 price; null when unknown. */
  unitYuan: z.number().nullable(),
  priceSource: z.enum(['tier', 'option', 'missing']),
  /** reorderQuantity × unitYuan (yuan), null when the price is unknown. */
  amountYuan: z.number().nullable(),
  fetchedAt: z.string(),
});
export type SalesInventoryItem = z.infer<typeof SalesInventoryItem>;
export const SalesInventoryResponse = z.object({
  items: z.array(SalesInventoryItem),
  thresholdDays: z.number().int(),
  leadTimeDays: z.number().int(),
  coverDays: z.number().int(),
});
export type SalesInventoryResponse = z.infer<typeof SalesInventoryResponse>;

/** GET /api/sales/settlements: per month of recognition (정산/장부). */
export const SalesSettlementsResponse = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      sales: z.number(),
      fees: z.number(),
      settled: z.number(),
      lines: z.number().int(),
    }),
  ),
});
export type SalesSettlementsResponse = z.infer<typeof SalesSettlementsResponse>;

/** GET /api/sales/export: one list as an .xlsx (at most 20,000 rows), with the list's own filters. */
export const SalesExportQuery = z
  .object({
    kind: z.enum(['lines', 'returns', 'inventory', 'settlements']),
    from: Day.optional(),
    to: Day.optional(),
    status: z.string().max(30).optional(),
    channel: SalesChannel.optional(),
    vendorItemId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    q: z.string().max(100).optional(),
    thresholdDays: SalesInventoryQuery.shape.thresholdDays,
    leadTimeDays: SalesInventoryQuery.shape.leadTimeDays,
    coverDays: SalesInventoryQuery.shape.coverDays,
  })
  .strict();
export type SalesExportQuery = z.infer<typeof SalesExportQuery>;

/** GET /api/sales/by-item: per vendor item (상품별 판매), best sellers first, at most 500 items. */
export const SalesByItemQuery = SalesLinesQuery.pick({
  from: true,
  to: true,
  channel: true,
  q: true,
}).strict();
export const SalesByItemResponse = z.object({
  items: z.array(
    z.object({
      vendorItemId: z.string(),
      channel: z.string(),
      itemName: z.string(),
      units: z.number().int(),
      revenue: z.number(),
      returned: z.number().int(),
      /** Units returned / units sold, percent to one decimal. */
      returnRate: z.number(),
      margin: LineMargin,
    }),
  ),
});
export type SalesByItemResponse = z.infer<typeof SalesByItemResponse>;

/**
 * GET /api/sales/by-product: per product of ours (its options' linked vendor items), the units sold
 * and the margin over the last `days` days (the registration table's column).
 */
export const SalesByProductQuery = z
  .object({ days: z.coerce.number().int().min(1).max(90).default(30) })
  .strict();
export const SalesByProductResponse = z.object({
  days: z.number().int(),
  products: z.array(
    z.object({
      productId: z.string(),
      units: z.number().int(),
      revenue: z.number(),
      /** Won after fees and landed cost; null when a line's cost cannot be known. */
      margin: z.number().nullable(),
      marginPercent: z.number().nullable(),
      /** Some fee is estimated (no settlement yet). */
      estimated: z.boolean(),
    }),
  ),
});
export type SalesByProductResponse = z.infer<typeof SalesByProductResponse>;

/** The landed-cost settings of the margin (each bounded; the domain's defaults fill what is absent). */
export const SalesCostSettings = z
  .object({
    exchangeRate: z.number().min(1).max(1000),
    domesticFreightYuan: z.number().min(0).max(10_000),
    shippingPerKg: z.number().min(0).max(1_000_000),
    customsDutyPercent: z.number().min(0).max(100),
    importVatPercent: z.number().min(0).max(100),
    defaultCommissionPercent: z.number().min(0).max(100),
    rocketGrowthFeePerUnit: z.number().min(0).max(1_000_000),
    /** Coupang's fee tables where they apply; false: the two values above for every estimate. */
    useFeeTables: z.boolean(),
  })
  .strict();
export type SalesCostSettings = z.infer<typeof SalesCostSettings>;
/** POST /api/sales/cost-settings: the values to change. */
export const SalesCostSettingsRequest = SalesCostSettings.partial().strict();
/** GET and POST answer every value in use (saved or default). */
export const SalesCostSettingsResponse = z.object({
  settings: SalesCostSettings,
  message: z.string().optional(),
});

/** POST /api/sales/links: the seller links a vendor item to one of our products' options. */
export const SalesLinkRequest = z
  .object({
    vendorItemId: z.string().regex(/^\d{1,20}$/),
    productId: z.string().min(1).max(64),
    /** The option's place in the product (0 = first). */
    optionIndex: z.number().int().min(0).max(999),
  })
  .strict();
export const SalesLinkResponse = z.object({
  message: z.string(),
  link: z.object({
    vendorItemId: z.string(),
    productId: z.string(),
    optionNumber: z.string().nullable(),
    unitYuan: z.number().nullable(),
    unitWeightKg: z.number().nullable(),
  }),
});

/** POST /api/sales/manual: a sale outside Coupang (addsale). */
export const SalesManualSaleRequest = z
  .object({
    date: Day,
    itemName: z.string().trim().min(1, '상품명을 입력해주세요.').max(200),
    quantity: z.number().int().min(1).max(100_000),
    unitPrice: z.number().int().min(0).max(100_000_000),
    /** Links the sale to one of our options' 1688 cost when given (a Coupang vendor item id). */
    vendorItemId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  })
  .strict();
/** POST /api/sales/manual-return: a return outside Coupang (addreturn). */
export const SalesManualReturnRequest = z
  .object({
    date: Day,
    itemName: z.string().trim().min(1, '상품명을 입력해주세요.').max(200),
    quantity: z.number().int().min(1).max(100_000),
    reason: z.string().trim().min(1, '반품 사유를 입력해주세요.').max(200),
    vendorItemId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  })
  .strict();
export const SalesManualResponse = z.object({ message: z.string(), key: z.string() });
