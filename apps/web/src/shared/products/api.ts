import {
  type DeleteItemResponse,
  type GetListRequest,
  type GetListResponse,
  type ProductSummary,
  type RegProductRequest,
  type RegProductResponse,
  type RocketProduct,
  UpdatePartialResponse,
  type ValidateDocumentsResponse,
} from '@rr/contracts';
import { formatMessage, isRecord } from '@rr/domain';
import { i18n } from '../../app/i18n';
import { HttpError, post } from './http';

export type { ProductSummary, RocketProduct };

type ListedProduct = GetListResponse['products'][number];
/** getlist answers summaries (view: summary) or whole documents (view: full); a document has options. */
const isSummary = (p: ListedProduct): p is ProductSummary => 'optionCount' in p && !('options' in p);
const isDocument = (p: ListedProduct): p is RocketProduct => 'options' in p;

export async function getSummaries(
  criteria: Omit<GetListRequest, 'view'>,
  signal?: AbortSignal,
): Promise<{ rows: ProductSummary[]; total: number }> {
  const res = await post<GetListResponse>(
    '/api/aiRocketReg/getlist',
    { ...criteria, view: 'summary' },
    signal,
  );
  return { rows: res.products.filter(isSummary), total: res.total };
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<RocketProduct | null> {
  const res = await post<GetListResponse>('/api/aiRocketReg/getlist', { ids: [id], view: 'full' }, signal);
  return res.products.slice(0, 1).find(isDocument) ?? null;
}

/** Spec §7: success when 요청결과 equals success, else the error field as message. */
export async function updatePartial(productId: string, updateFields: Record<string, unknown>) {
  const res = await post<unknown>('/api/aiRocketReg/updatePartial', { productId, updateFields });
  const ok = UpdatePartialResponse.safeParse(res);
  if (ok.success) return ok.data;
  const said = isRecord(res) ? [res.error, res.message].find((v) => typeof v === 'string') : undefined;
  throw new HttpError(
    'client',
    said ?? formatMessage('productPartialUpdateFailed', {}, i18n.language === 'en' ? 'en' : 'ko'),
    200,
  );
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
