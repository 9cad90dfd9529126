import {
  CoupangCategoryListResponse,
  type CoupangCategoryMetaRequest,
  CoupangCategoryMetaResponse,
  CoupangCheckResponse,
  CoupangShippingPlacesResponse,
  CoupangSyncResponse,
  RequiredDocumentsResponse,
  type RequiredDocumentUploadRequest,
} from '@rr/contracts';
import { HttpError, http } from '../../app/http';

// Issue 23's calls. A failure of Coupang's (502) carries Coupang's own message: shown as it came;
// 연결 확인 answers a refused check as 200 { ok: false, message } (no error toast).

export const checkCoupangConnection = () => http.post('/api/coupang/check', CoupangCheckResponse, {});

export const refreshCoupangCategories = () =>
  http.post('/api/coupang/categories/refresh', CoupangCategoryListResponse, {});

export const fetchCoupangCategoryMeta = (body: CoupangCategoryMetaRequest) =>
  http.post('/api/coupang/categories/meta', CoupangCategoryMetaResponse, body);

export const syncCoupang = (productIds: string[]) =>
  http.post('/api/coupang/sync', CoupangSyncResponse, { productIds });

/** What the seller reads of a failed call: the server's (Coupang's) message when there is one. */
export function coupangErrorText(e: unknown): string {
  if (e instanceof HttpError) return e.serverMessage ?? e.message;
  return e instanceof Error ? e.message : String(e);
}

/** WING's page of a seller product (the seller's own login opens it). */
export const wingProductUrl = (sellerProductId: string) =>
  `https://wing.coupang.com/vendor-inventory/list?searchKeywordType=ALL&searchKeywords=${encodeURIComponent(sellerProductId)}`;

/** Issue 37: the account's outbound places and return centres (and the Rocket Growth categories' count). */
export const getShippingPlaces = () =>
  http.get('/api/coupang/shipping-places', CoupangShippingPlacesResponse);

/** Issue 37: a product's required documents: the category's templates and what was uploaded. */
export const getRequiredDocuments = (productId: string) =>
  http.get(`/api/coupang/products/${encodeURIComponent(productId)}/documents`, RequiredDocumentsResponse);

export const uploadRequiredDocument = (productId: string, body: RequiredDocumentUploadRequest) =>
  http.post(
    `/api/coupang/products/${encodeURIComponent(productId)}/documents`,
    RequiredDocumentsResponse,
    body,
  );
