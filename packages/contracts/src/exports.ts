import { COUPANG_CHANNELS } from '@rr/domain';
import { z } from 'zod';

// Issue 15: pre-flight, the three exports, the review sheet's import, export settings and fixes.

/** POST /api/export/{preflight,supplier-hub,rocket-growth,xlsx} — one product or a selection. */
export const ExportRequest = z.object({ productIds: z.array(z.string().min(1).max(64)).min(1).max(2000) });
export type ExportRequest = z.infer<typeof ExportRequest>;

/** The review sheet's media type: POST /api/export/xlsx answers it, POST /api/import/xlsx takes it. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The file's bytes (typed as any answer: the server sends a Buffer, which is never serialised). */
const fileBytes: z.ZodType = z.string().meta({ format: 'binary' });
/** POST /api/export/xlsx answers the sheet's bytes (`attachment; filename="rocket-export-<stamp>.xlsx"`). */
export const SheetFileAnswer = {
  description: 'The review sheet (.xlsx) as a download',
  content: { [XLSX_TYPE]: { schema: fileBytes } },
};

export const Bilingual = z.object({ ko: z.string(), en: z.string() });
export type Bilingual = z.infer<typeof Bilingual>;

export const PreflightFix = z.union([
  z.object({ label: Bilingual, updateFields: z.record(z.string(), z.unknown()) }),
  z.object({ label: Bilingual, action: z.literal('squareMainImage') }),
]);
export type PreflightFix = z.infer<typeof PreflightFix>;

export const PreflightFinding = z.object({
  field: z.string(),
  rule: z.string(),
  severity: z.enum(['error', 'warning']),
  message: Bilingual,
  optionIndex: z.number().int().nullable(),
  optionNumber: z.string().nullable(),
  fix: PreflightFix.optional(),
});
export type PreflightFinding = z.infer<typeof PreflightFinding>;

export const ProductPreflight = z.object({
  productId: z.string(),
  registrationId: z.string(),
  productName: z.string(),
  status: z.enum(['ok', 'warning', 'error']),
  findings: z.array(PreflightFinding),
});
export type ProductPreflight = z.infer<typeof ProductPreflight>;

export const PreflightResponse = z.object({ products: z.array(ProductPreflight) });
export type PreflightResponse = z.infer<typeof PreflightResponse>;

/** 422 answer of an export stopped by the pre-flight. */
export const PreflightFailedResponse = z.object({
  code: z.literal('preflight_failed'),
  message: z.string(),
  preflight: z.array(ProductPreflight),
});
export type PreflightFailedResponse = z.infer<typeof PreflightFailedResponse>;

export const SupplierHubExportResponse = z.object({
  drafts: z.array(z.record(z.string(), z.unknown())),
  preflight: z.array(ProductPreflight),
});
export type SupplierHubExportResponse = z.infer<typeof SupplierHubExportResponse>;

export const RocketGrowthExportResponse = z.object({
  payloads: z.array(z.record(z.string(), z.unknown())),
  preflight: z.array(ProductPreflight),
});
export type RocketGrowthExportResponse = z.infer<typeof RocketGrowthExportResponse>;

/**
 * POST /api/import/xlsx answer: what changed and what was refused, per sheet row. A sheet is applied
 * all or nothing: `applied` true (200) means every change in `changed` was saved; a refused sheet
 * answers 4xx with this same body, `applied` false, and `changed` holding the changes NOT saved.
 */
export const SheetImportResponse = z.object({
  applied: z.boolean(),
  changed: z.array(
    z.object({
      row: z.number().int(),
      registrationId: z.string(),
      optionNumber: z.string(),
      changes: z.array(
        z.object({ column: z.string(), header: z.string(), from: z.string(), to: z.string() }),
      ),
    }),
  ),
  refused: z.array(
    z.object({
      row: z.number().int(),
      registrationId: z.string(),
      optionNumber: z.string(),
      column: z.string(),
      header: z.string(),
      value: z.string(),
      reason: Bilingual,
      /** The value was changed in the app after the export: the sheet would have reverted it. */
      conflict: z.boolean().optional(),
    }),
  ),
  unchangedRows: z.number().int(),
});
export type SheetImportResponse = z.infer<typeof SheetImportResponse>;

export const CoupangChannel = z.enum(COUPANG_CHANNELS);

const Won = z.number().int().min(0).max(1_000_000);

export const CoupangSellerInfo = z.object({
  vendorId: z.string().max(40),
  vendorUserId: z.string().max(80),
  /** Issue 37: Rocket Growth only, marketplace only, or both (one listing). */
  channel: CoupangChannel,
  /** Chosen from the account's lists (GET /api/coupang/shipping-places). */
  returnCenterCode: z.string().max(40),
  outboundShippingPlaceCode: z.string().max(40),
  /** The return centre's name, zip code and address (filled from the chosen centre). */
  returnChargeName: z.string().max(100),
  returnZipCode: z.string().max(20),
  returnAddress: z.string().max(300),
  returnAddressDetail: z.string().max(300),
  companyContactNumber: z.string().max(40),
  /** 초도반품배송비 and 반품배송비 (won). */
  deliveryChargeOnReturn: Won,
  returnCharge: Won,
});

/** POST /api/export/settings — the company's extra banned/brand words and Coupang seller details. */
export const ExportSettingsRequest = z.object({
  bannedWords: z.array(z.string().max(30)).max(2000).optional(),
  brandWords: z.array(z.string().max(30)).max(2000).optional(),
  /** Issue 23: the Open API keys too (missing or masked: kept; empty: cleared). */
  seller: CoupangSellerInfo.extend({
    accessKey: z.string().max(200),
    secretKey: z.string().max(200),
  })
    .partial()
    .optional(),
});
export type ExportSettingsRequest = z.infer<typeof ExportSettingsRequest>;
export const ExportSettingsResponse = z.object({
  bannedWords: z.array(z.string()),
  brandWords: z.array(z.string()),
  defaultBannedWords: z.array(z.string()),
  defaultBrandWords: z.array(z.string()),
  /** The Open API keys come back masked (`abcd••••••••wxyz`), never usable. */
  seller: CoupangSellerInfo.extend({
    accessKey: z.string(),
    secretKey: z.string(),
    hasCoupangKeys: z.boolean(),
  }),
  /** Issue 37: when the account's places and the Rocket Growth categories were last fetched. */
  accountCodesFetchedAt: z.string().nullable(),
  rocketGrowthCategoryCount: z.number().int().nullable(),
  /** The Rocket Growth categories' codes as last fetched (the category picker offers only these). */
  rocketGrowthCategoryCodes: z.array(z.number().int()).nullable(),
});
export type ExportSettingsResponse = z.infer<typeof ExportSettingsResponse>;

/** POST /api/export/fix — a fix that needs the server (the representative image on a white square). */
export const ExportFixRequest = z.object({
  productId: z.string().min(1).max(64),
  action: z.literal('squareMainImage'),
  url: z.string().min(1).max(2000),
});
export type ExportFixRequest = z.infer<typeof ExportFixRequest>;
/** The square image's URL and how many option documents now use it. */
export const ExportFixResponse = z.object({ url: z.string(), updated: z.number().int() });
export type ExportFixResponse = z.infer<typeof ExportFixResponse>;
