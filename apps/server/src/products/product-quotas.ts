import type { Config } from '../config.ts';
import { AppError, type Message } from '../errors/app-error.ts';

/**
 * Per-company quotas of product data (issue 21, migration 0014): products, total bytes of product
 * documents, import history rows kept. The database enforces them on the app's connections, which
 * carry the limits as settings (`quotaConnectionSettings`); a refused statement rolls its whole
 * transaction back. Limits: docs/security.md.
 */
export const QUOTA_MESSAGES = {
  products: (max: number) => ({
    ko: `회사당 상품 수 한도(${max.toLocaleString('ko-KR')}개)를 넘어 저장하지 않았습니다. 필요 없는 상품을 삭제한 뒤 다시 시도하세요.`,
    en: `Not saved: your company would have more than ${max.toLocaleString('en-US')} products. Delete products you no longer need and try again.`,
  }),
  productBytes: (maxMb: number) => ({
    ko: `회사의 상품 데이터 용량 한도(${maxMb.toLocaleString('ko-KR')} MB)를 넘어 저장하지 않았습니다. 필요 없는 상품을 삭제한 뒤 다시 시도하세요.`,
    en: `Not saved: your company's product data would exceed ${maxMb.toLocaleString('en-US')} MB. Delete products you no longer need and try again.`,
  }),
} satisfies Record<string, (n: number) => Message>;

export type ProductQuotas = Config['quotas'];

/** The connection settings that carry the limits to the database's quota trigger (db/database.ts `settings`). */
export function quotaConnectionSettings(quotas: ProductQuotas): Record<string, string> {
  return {
    'rr.max_products': String(quotas.products),
    'rr.max_product_bytes': String(quotas.productBytes),
    'rr.import_history_keep': String(quotas.importHistory),
  };
}

/** A database refusal of the quota trigger as the client should read it (429 / 413), else undefined. */
export function quotaError(err: unknown): AppError | undefined {
  const e = typeof err === 'object' && err !== null ? (err as { code?: unknown; message?: unknown }) : {};
  const limit = Number(/quota (\d+)/.exec(String(e.message ?? ''))?.[1] ?? 0);
  if (e.code === 'RR002')
    return new AppError('product_quota_exceeded', 'too_many', QUOTA_MESSAGES.products(limit));
  if (e.code === 'RR003')
    return new AppError(
      'product_bytes_quota_exceeded',
      'too_large',
      QUOTA_MESSAGES.productBytes(Math.floor(limit / 1024 / 1024)),
    );
  return undefined;
}
