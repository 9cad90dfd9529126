import type {
  DeleteItemResponse,
  GetListRequest,
  GetListResponse,
  ProductSummary,
  RegProductRequest,
  RegProductResponse,
  RocketProduct,
  UpdatePartialResponse,
  ValidateDocumentsResponse,
} from '@rr/contracts';
import { formatMessage } from '@rr/domain';
import { i18n } from '../../app/i18n';
import { HttpError, post } from './http';

export type { ProductSummary, RocketProduct };

export async function getSummaries(
  criteria: Omit<GetListRequest, 'view'>,
  signal?: AbortSignal,
): Promise<{ rows: ProductSummary[]; total: number }> {
  const res = await post<GetListResponse>(
    '/api/aiRocketReg/getlist',
    { ...criteria, view: 'summary' },
    signal,
  );
  return { rows: res.products as ProductSummary[], total: res.total };
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<RocketProduct | null> {
  const res = await post<GetListResponse>('/api/aiRocketReg/getlist', { ids: [id], view: 'full' }, signal);
  return (res.products[0] as RocketProduct | undefined) ?? null;
}

/** Spec §7: success when 요청결과 equals success, else the error field as message. */
export async function updatePartial(productId: string, updateFields: Record<string, unknown>) {
  const res = await post<UpdatePartialResponse | { error?: string; message?: string }>(
    '/api/aiRocketReg/updatePartial',
    { productId, updateFields },
  );
  if ((res as UpdatePartialResponse).요청결과 !== 'success') {
    const r = res as { error?: string; message?: string };
    throw new HttpError(
      'client',
      r.error ??
        r.message ??
        formatMessage('productPartialUpdateFailed', {}, i18n.language === 'en' ? 'en' : 'ko'),
      200,
    );
  }
  return res as UpdatePartialResponse;
}

export function deleteItems(ids: string[]) {
  return post<DeleteItemResponse>('/api/rocketReg/deleteItem', { ids });
}

export function regProduct(req: RegProductRequest) {
  return post<RegProductResponse>('/api/rocketReg/regproduct', req);
}

export function validateDocuments(productId: string) {
  return post<ValidateDocumentsResponse>('/api/aiRocketReg/validate', { productId });
}
