import { MESSAGES } from '@rr/domain';
import { type AnswerSchema, errorMessage, HttpError, http } from '../../app/http';
import { i18n } from '../../app/i18n';

/** The products screens call the server through the shell's HTTP helper (spec §8 messages). */
export { HttpError };

/** POST with the route's response schema (@rr/contracts): the answer parsed by it, or an HttpError. */
export const post = <T>(path: string, schema: AnswerSchema<T>, body: unknown, signal?: AbortSignal) =>
  http.post(path, schema, body, signal ? { signal } : undefined);
export const get = <T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal) =>
  http.get(path, schema, signal ? { signal } : undefined);

export function errorText(e: unknown): string {
  if (e instanceof HttpError) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return errorMessage(e);
}

/** W §8's save-failure messages, shown where saves fail (issue 42). */
export type SaveFailure =
  | 'partialUpdateFailed'
  | 'detailImageStructureUpdateFailed'
  | 'productFetchFailed'
  | 'productUpdateFailed'
  | 'productSaveFailed'
  | 'productDeleteFailed'
  | 'settingsSaveFailed';

/**
 * A save (or the read it needs) that fails says the spec's message first, then what went wrong:
 * "상품 정보 부분 업데이트 실패: <the server's message>". A cancelled request is left as it is.
 */
export async function savingAs<T>(what: SaveFailure, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (!(e instanceof HttpError) || e.kind === 'cancelled') throw e;
    const head = MESSAGES[what][i18n.language === 'en' ? 'en' : 'ko'];
    throw new HttpError(e.kind, `${head}: ${e.message}`, e.status, e.code, e.serverMessage);
  }
}
