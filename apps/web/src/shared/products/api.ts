import {
  DeleteItemResponse,
  GetFullListResponse,
  type GetListRequest,
  GetSummaryListResponse,
  type ProductSummary,
  type RegProductRequest,
  RegProductResponse,
  type RocketProduct,
  UpdatePartialResponse,
  ValidateDocumentsResponse,
} from '@rr/contracts';
import { post, savingAs } from './http';

export type { ProductSummary, RocketProduct };

export async function getSummaries(
  criteria: Omit<GetListRequest, 'view'>,
  signal?: AbortSignal,
): Promise<{ rows: ProductSummary[]; total: number }> {
  const res = await post(
    '/api/aiRocketReg/getlist',
    GetSummaryListResponse,
    { ...criteria, view: 'summary' },
    signal,
  );
  return { rows: res.products, total: res.total };
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<RocketProduct | null> {
  const res = await savingAs(
    'productFetchFailed',
    post('/api/aiRocketReg/getlist', GetFullListResponse, { ids: [id], view: 'full' }, signal),
  );
  return res.products[0] ?? null;
}

/**
 * Spec §7: success when 요청결과 equals success; a refusal (4xx) carries the error field as message
 * (the HTTP helper's client error), and any other answer is the helper's invalid-answer error.
 */
export function updatePartial(productId: string, updateFields: Record<string, unknown>) {
  return savingAs(
    'partialUpdateFailed',
    post('/api/aiRocketReg/updatePartial', UpdatePartialResponse, { productId, updateFields }),
  );
}

export function deleteItems(ids: string[]) {
  return savingAs('productDeleteFailed', post('/api/rocketReg/deleteItem', DeleteItemResponse, { ids }));
}

export function regProduct(req: RegProductRequest) {
  return post('/api/rocketReg/regproduct', RegProductResponse, req);
}

export function validateDocuments(productId: string) {
  return post('/api/aiRocketReg/validate', ValidateDocumentsResponse, { productId });
}
