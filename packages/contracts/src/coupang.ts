import { CoupangRegistration } from '@rr/domain';
import { z } from 'zod';
import { CategoryMetaResponse, GetCategoryListResponse } from './categories.ts';

// Issue 23: the Coupang Open API calls the screens make.

/** POST /api/coupang/sync — ask Coupang now for these products' review status. */
export const CoupangSyncRequest = z.object({ productIds: z.array(z.string().uuid()).min(1).max(200) });
export type CoupangSyncRequest = z.infer<typeof CoupangSyncRequest>;
export const CoupangSyncResponse = z.object({
  products: z.array(z.object({ productId: z.string(), registration: CoupangRegistration.nullable() })),
});
export type CoupangSyncResponse = z.infer<typeof CoupangSyncResponse>;

/** POST /api/coupang/check answer (연결 확인). */
export const CoupangCheckResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: z.string() }),
  /** Coupang refused the check (wrong keys, busy, unreachable): its reason, shown by the button. */
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type CoupangCheckResponse = z.infer<typeof CoupangCheckResponse>;

/** POST /api/coupang/categories/meta — one category's metadata fetched with the company's keys. */
export const CoupangCategoryMetaRequest = z.object({
  displayCategoryCode: z.number().int().positive().max(10_000_000),
  categoryPath: z.string().max(500).optional(),
});
export type CoupangCategoryMetaRequest = z.infer<typeof CoupangCategoryMetaRequest>;
/** The metadata stored as the company's schema of that category (as POST /api/category/meta answers). */
export const CoupangCategoryMetaResponse = CategoryMetaResponse;
export type CoupangCategoryMetaResponse = z.infer<typeof CoupangCategoryMetaResponse>;

/** POST /api/coupang/categories/refresh — the tree fetched from Coupang, cached as the company's list. */
export const CoupangCategoryListResponse = GetCategoryListResponse.extend({ source: z.string() });
export type CoupangCategoryListResponse = z.infer<typeof CoupangCategoryListResponse>;

/** GET /api/coupang/shipping-places — the seller account's outbound places and return centres (issue 37). */
export const CoupangShippingPlacesResponse = z.object({
  outbound: z.array(z.object({ code: z.string(), name: z.string(), address: z.string() })),
  returnCenters: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      address: z.string(),
      zipCode: z.string(),
      contact: z.string(),
    }),
  ),
  /** Rocket Growth categories fetched with the same keys (registrationType=RFM). */
  rocketGrowthCategoryCount: z.number().int(),
});
export type CoupangShippingPlacesResponse = z.infer<typeof CoupangShippingPlacesResponse>;

/** Issue 37: a document uploaded for one of the category's required-document templates. */
export const RequiredDocumentUploadRequest = z.object({
  templateName: z.string().min(1).max(200),
  fileName: z.string().min(1).max(200),
  /** The file as base64 (an image or a PDF), at most 10 MB decoded. */
  dataBase64: z.string().min(1).max(14_000_000),
});
export type RequiredDocumentUploadRequest = z.infer<typeof RequiredDocumentUploadRequest>;
/** The product of GET/POST/DELETE /api/coupang/products/:id/documents. */
export const RequiredDocumentsParams = z.object({ id: z.string().uuid() });
export type RequiredDocumentsParams = z.infer<typeof RequiredDocumentsParams>;
/** DELETE /api/coupang/products/:id/documents?templateName= — the document of that template. */
export const RequiredDocumentDeleteQuery = z.object({ templateName: z.string().min(1).max(200) });
export type RequiredDocumentDeleteQuery = z.infer<typeof RequiredDocumentDeleteQuery>;
export const RequiredDocumentsResponse = z.object({
  /** The templates the category requires for this product, and the uploaded documents. */
  required: z.array(z.object({ templateName: z.string(), mandatory: z.boolean() })),
  documents: z.array(
    z.object({
      templateName: z.string(),
      vendorDocumentPath: z.string(),
      fileName: z.string(),
      uploadedAt: z.string(),
    }),
  ),
});
export type RequiredDocumentsResponse = z.infer<typeof RequiredDocumentsResponse>;
