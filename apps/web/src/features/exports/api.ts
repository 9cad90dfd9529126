import {
  ExportFixResponse,
  type ExportSettingsRequest,
  ExportSettingsResponse,
  PreflightResponse,
  ProductPreflight,
  RocketGrowthExportResponse,
  SheetImportResponse,
  SupplierHubExportResponse,
} from '@rr/contracts';
import { isRecord } from '@rr/domain';
import { type AnswerSchema, HttpError, http } from '../../app/http';
import { i18n } from '../../app/i18n';

// Issue 15's calls. The exports read their answer themselves: a 422 carries every product's
// pre-flight findings, and the sheet is bytes both ways.

/** An export the pre-flight stopped; `preflight` holds the findings to show. */
export class PreflightStopped extends Error {
  constructor(
    message: string,
    readonly preflight: ProductPreflight[],
  ) {
    super(message);
    this.name = 'PreflightStopped';
  }
}

/**
 * A sheet the server refused as a whole (4xx, nothing saved): `answer` lists the refused cells and the
 * changes that were held back.
 */
export class SheetRefused extends Error {
  constructor(
    message: string,
    readonly answer: SheetImportResponse,
  ) {
    super(message);
    this.name = 'SheetRefused';
  }
}

async function failure(res: Response): Promise<never> {
  const type = res.headers.get('content-type') ?? '';
  const read: unknown = type.includes('json') ? await res.json().catch(() => ({})) : {};
  const body = isRecord(read) ? read : {};
  const message = typeof body.message === 'string' ? body.message : '';
  const preflight = ProductPreflight.array().safeParse(body.preflight);
  if (res.status === 422 && preflight.success) throw new PreflightStopped(message, preflight.data);
  const sheet = SheetImportResponse.safeParse(body);
  if (res.status < 500 && sheet.success && !sheet.data.applied) throw new SheetRefused(message, sheet.data);
  if (res.status === 401) throw new HttpError('unauthorized', i18n.t('http.unauthorized'), 401);
  if (res.status >= 500) throw new HttpError('server', i18n.t('http.server'), res.status);
  throw new HttpError('client', message || i18n.t('http.client'), res.status);
}

async function send(url: string, body: BodyInit, contentType: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': contentType },
      body,
    });
  } catch {
    throw new HttpError('network', i18n.t('http.network'));
  }
  if (!res.ok) await failure(res);
  return res;
}

const json = (productIds: string[]) => JSON.stringify({ productIds });

/** A success read with its schema, as the HTTP helper reads one: what does not fit is `invalidAnswer`. */
async function answerOf<T>(res: Response, schema: AnswerSchema<T>): Promise<T> {
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (parsed.success) return parsed.data;
  throw new HttpError('invalidAnswer', i18n.t('http.invalidAnswer'), res.status);
}

export const runPreflight = (productIds: string[]) =>
  http.post('/api/export/preflight', PreflightResponse, { productIds });

export async function exportSupplierHub(productIds: string[]): Promise<SupplierHubExportResponse> {
  const res = await send('/api/export/supplier-hub', json(productIds), 'application/json');
  return answerOf(res, SupplierHubExportResponse);
}

export async function exportRocketGrowth(productIds: string[]): Promise<RocketGrowthExportResponse> {
  const res = await send('/api/export/rocket-growth', json(productIds), 'application/json');
  return answerOf(res, RocketGrowthExportResponse);
}

export async function exportXlsx(productIds: string[]): Promise<Blob> {
  return (await send('/api/export/xlsx', json(productIds), 'application/json')).blob();
}

export async function importXlsx(file: File): Promise<SheetImportResponse> {
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return answerOf(await send('/api/import/xlsx', file, type), SheetImportResponse);
}

export const getExportSettings = () => http.get('/api/export/settings', ExportSettingsResponse);
export const saveExportSettings = (body: ExportSettingsRequest) =>
  http.post('/api/export/settings', ExportSettingsResponse, body);

export const squareMainImage = (productId: string, url: string) =>
  http.post('/api/export/fix', ExportFixResponse, {
    productId,
    action: 'squareMainImage',
    url,
  });

/** Saves a blob as a file through a temporary link. */
export function download(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
