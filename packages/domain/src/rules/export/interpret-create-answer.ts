import { type ExportMessage, exportMessage } from './export-messages.ts';

export type CreateAnswer =
  | { readonly ok: true; readonly sellerProductId: string }
  | { readonly ok: false; readonly message: ExportMessage; readonly retry: false };

/**
 * Lessons from sellers: an HTTP 200 whose body's code is not SUCCESS is a failure, and a create is
 * never retried blindly (the product may exist already: look it up before sending again).
 */
export function interpretCreateAnswer(status: number, body: unknown): CreateAnswer {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof b.code === 'string' ? b.code : '';
  if (
    status >= 200 &&
    status < 300 &&
    code === 'SUCCESS' &&
    (typeof b.data === 'number' || typeof b.data === 'string')
  )
    return { ok: true, sellerProductId: String(b.data) };
  const raw =
    typeof b.message === 'string' && b.message.trim() !== '' ? b.message : `HTTP ${status} ${code}`.trim();
  return {
    ok: false,
    message: exportMessage('createFailed', { message: raw.replace(/^\[|\]$/g, '') }),
    retry: false,
  };
}
