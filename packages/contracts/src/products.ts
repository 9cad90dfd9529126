import {
  COUPANG_REGISTRATION_STATUSES,
  CoupangRegistrationStatus,
  OptionNamePart,
  ProductOption,
  RocketProduct,
  RocketRegInfo,
  SourceInfo,
  TASK_FEATURES,
} from '@rr/domain';
import { z } from 'zod';
import { StatusField, TaskStatusValue } from './common.ts';

// The product store and the spec's product calls (W §3, §5, §7; Q §3).
// Documents are loose: fields the server does not know are kept as they are.

// The stored product and its parts are the domain's entity (packages/domain/src/entities/product.ts),
// re-exported so the HTTP schemas and the web name them from here as before.
export { OptionNamePart, ProductOption, RocketProduct, RocketRegInfo, SourceInfo };

/** What a client sends: a product document; `_id`, `updatedAt` and `createdAt` are the server's. */
export const RocketProductInput = z.looseObject({
  _id: z.string().optional(),
  registrationId: z.string().min(1).max(100).optional(),
  options: z.array(z.looseObject({})).optional(),
});
export type RocketProductInput = z.infer<typeof RocketProductInput>;

// ---------------------------------------------------------------- POST /api/aiRocketReg/getlist

export const SORT_FIELDS = ['updatedAt', 'createdAt', 'registrationId', 'productName'] as const;

/** Whole documents (≈40 KB each) per getlist page at most; summaries may go up to 10,000. */
export const MAX_FULL_PAGE_SIZE = 100;

export const GetListRequest = z
  .object({
    /** Searches registrationId, Chinese and Korean names, option names and the 1688 offer id. */
    text: z.string().max(200).optional(),
    /** Status per task, e.g. `{ seoStatus: 'completed', quotationStatus: 'error' }`. */
    statuses: z.partialRecord(StatusField, TaskStatusValue).optional(),
    /** Display category code chosen at "add to registration". */
    displayCategoryCode: z.number().int().optional(),
    /** true = only products added to registration (with rocketRegInfo); false = only the others. */
    inRegistration: z.boolean().optional(),
    /** Issue 23: the registration on Coupang's status; `none` = never sent. */
    coupangStatus: z.enum([...COUPANG_REGISTRATION_STATUSES, 'none']).optional(),
    /** updatedAt range, ISO dates (inclusive). */
    dateFrom: z.string().optional(),
    dateTo: z.string().optional(),
    ids: z.array(z.string()).max(1000).optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(10_000).default(50),
    sort: z.enum(SORT_FIELDS).default('updatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** `summary` = table rows (small); `full` = whole documents (the spec's default). */
    view: z.enum(['full', 'summary']).default('full'),
  })
  .strict()
  .refine((c) => c.view === 'summary' || c.pageSize <= MAX_FULL_PAGE_SIZE, {
    path: ['pageSize'],
    message: `at most ${MAX_FULL_PAGE_SIZE} full documents per page (use view: 'summary' for more)`,
  });
export type GetListRequest = z.input<typeof GetListRequest>;

/** A table row of the registration screen. */
export const ProductSummary = z.object({
  _id: z.string(),
  registrationId: z.string(),
  thumbnail: z.string().nullable(),
  productName: z.string(),
  korName: z.string(),
  offerId: z.string().nullable(),
  optionCount: z.number().int(),
  categoryPath: z.string().nullable(),
  displayCategoryCode: z.number().int().nullable(),
  statuses: z.partialRecord(StatusField, z.string()),
  /** Completeness rate 0–100 of the option documents (W §5); null before "add to registration". */
  completeness: z.number().nullable(),
  /** Issue 23: the registration on Coupang, when the product was sent. */
  coupang: z
    .object({
      status: CoupangRegistrationStatus,
      sellerProductId: z.string().nullable(),
      statusName: z.string().nullable(),
    })
    .nullable()
    .optional(),
  updatedAt: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const GetListResponse = z.object({
  products: z.array(z.union([RocketProduct, ProductSummary])),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GetListResponse = z.infer<typeof GetListResponse>;
/** getlist with `view: 'summary'`: table rows only. */
export const GetSummaryListResponse = GetListResponse.extend({ products: z.array(ProductSummary) });
export type GetSummaryListResponse = z.infer<typeof GetSummaryListResponse>;
/** getlist with `view: 'full'`: whole documents. */
export const GetFullListResponse = GetListResponse.extend({ products: z.array(RocketProduct) });
export type GetFullListResponse = z.infer<typeof GetFullListResponse>;

// ---------------------------------------------------------------- POST /api/aiRocketReg/updatePartial

/**
 * Dotted paths such as `options.3.mainImageStatus` or `coupangDoc.jsonDocument.0.productPage.brand`.
 * Segments: identifiers (`^[A-Za-z_]\w*$`) or array indices; `__proto__`, `constructor`, `prototype`
 * and unknown top-level fields are refused (400, nothing changed). All paths apply in one statement.
 */
export const UpdatePartialRequest = z.object({
  productId: z.string().min(1),
  updateFields: z.record(z.string(), z.unknown()),
});
export type UpdatePartialRequest = z.infer<typeof UpdatePartialRequest>;
/** A value the document rules stored differently from what was sent, and why (Q §5, W §5). */
export const DocumentRuleChange = z.object({
  path: z.string(),
  sent: z.unknown(),
  stored: z.unknown(),
  reason: z.object({ ko: z.string(), en: z.string() }),
});
export type DocumentRuleChange = z.infer<typeof DocumentRuleChange>;

export const UpdatePartialResponse = z.object({
  요청결과: z.literal('success'),
  updatedAt: z.string(),
  /** Present when the document rules changed what was sent. */
  normalized: z.array(DocumentRuleChange).optional(),
});
export type UpdatePartialResponse = z.infer<typeof UpdatePartialResponse>;

// ---------------------------------------------------------------- POST /api/aiRocketReg/update

/** Body: the whole product (with `_id`), or `{ product }`. */
export const UpdateProductRequest = z.union([z.object({ product: RocketProductInput }), RocketProductInput]);
export type UpdateProductRequest = z.infer<typeof UpdateProductRequest>;
export const UpdateProductResponse = z.object({ product: RocketProduct });
export type UpdateProductResponse = z.infer<typeof UpdateProductResponse>;

// ---------------------------------------------------------------- POST /api/rocketReg/updateFeature

/** The features of W §5: the domain's task registry. */
export const FEATURES = TASK_FEATURES;
export const Feature = z.enum(FEATURES);
export type Feature = z.infer<typeof Feature>;
/**
 * `product` carries registrationId and the feature's data under its own name (`product.seo`, …);
 * `version` is the product's `updatedAt` as the client read it (else `product.updatedAt`): 409 when
 * the product changed since.
 */
export const UpdateFeatureRequest = z.object({
  feature: z.string(),
  version: z.string().optional(),
  product: z.looseObject({ registrationId: z.string().optional(), updatedAt: z.string().optional() }),
});
export type UpdateFeatureRequest = z.infer<typeof UpdateFeatureRequest>;
export const UpdateFeatureResponse = z.object({
  res: z.literal('success'),
  alert: z.string(),
  updatedProduct: RocketProduct,
});
export type UpdateFeatureResponse = z.infer<typeof UpdateFeatureResponse>;

// ---------------------------------------------------------------- POST /api/rocketReg/saveItems

/** Body: an array of products (or `{ items }`). A product whose registrationId exists is replaced. */
export const SaveItemsRequest = z.union([
  z.array(RocketProductInput).min(1).max(500),
  z.object({ items: z.array(RocketProductInput).min(1).max(500) }),
]);
export type SaveItemsRequest = z.infer<typeof SaveItemsRequest>;
export const SaveItemsResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  savedItems: z.array(RocketProduct),
});
export type SaveItemsResponse = z.infer<typeof SaveItemsResponse>;

// ---------------------------------------------------------------- POST /api/rocketReg/deleteItem

/** One id (`_id`), many (`ids`) or by registrationId. All must belong to the company, else 404. */
export const DeleteItemRequest = z
  .object({
    _id: z.string().optional(),
    ids: z.array(z.string()).max(10_000).optional(),
    registrationId: z.string().optional(),
  })
  .refine((b) => b._id !== undefined || (b.ids?.length ?? 0) > 0 || b.registrationId !== undefined);
export type DeleteItemRequest = z.infer<typeof DeleteItemRequest>;
export const DeleteItemResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  deletedCount: z.number().int(),
});
export type DeleteItemResponse = z.infer<typeof DeleteItemResponse>;

// ---------------------------------------------------------------- POST /api/aiPage/getProductInfo

/** `productId` = a product `_id` or its 1688 offer id. */
export const GetProductInfoRequest = z
  .array(z.object({ productId: z.string().min(1) }))
  .min(1)
  .max(50);
export type GetProductInfoRequest = z.infer<typeof GetProductInfoRequest>;
/** `result[i].result.result` = the stored 1688 source data (SourceOffer) with the product's ids. */
export const GetProductInfoResponse = z.object({
  result: z.array(
    z.object({
      productId: z.string(),
      result: z.object({
        success: z.boolean(),
        result: z
          .object({
            productId: z.string(),
            registrationId: z.string(),
            offerId: z.string().nullable(),
            offer: z.unknown(),
          })
          .nullable(),
        message: z.string().optional(),
      }),
    }),
  ),
});
export type GetProductInfoResponse = z.infer<typeof GetProductInfoResponse>;

// ---------------------------------------------------------------- POST /api/rocketReg/regproduct

/** "Add to registration": category → rocketRegInfo, option numbers, coupangDoc skeleton. */
export const RegProductRequest = z.object({
  productId: z.string().min(1),
  displayCategoryCode: z.number().int(),
  /** Rebuild coupangDoc even when one exists (the existing one is otherwise kept). */
  force: z.boolean().default(false),
  /** The product's `updatedAt` as the client read it: 409 when it changed since. */
  version: z.string().max(40).optional(),
});
export type RegProductRequest = z.input<typeof RegProductRequest>;
export const RegProductResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  product: RocketProduct,
});
export type RegProductResponse = z.infer<typeof RegProductResponse>;

// ---------------------------------------------------------------- POST /api/aiRocketReg/validate

/** Validates each option document against rocketRegInfo.schemaString (Ajv) and the completeness check. */
export const ValidateDocumentsRequest = z.object({ productId: z.string().min(1) });
export const ValidateDocumentsResponse = z.object({
  valid: z.boolean(),
  documents: z.array(
    z.object({
      index: z.number().int(),
      optionNumber: z.string().nullable(),
      valid: z.boolean(),
      /** Korean messages, e.g. `totalSKUsInBox이(가) 필수입니다.` */
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
    }),
  ),
});
export type ValidateDocumentsResponse = z.infer<typeof ValidateDocumentsResponse>;
