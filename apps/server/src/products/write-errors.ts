import { AppError } from '../errors/app-error.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import { quotaError } from './product-quotas.ts';

/** Database refusals of a write, as the client should read them (migration 0011). */
export function asWriteError(err: unknown): unknown {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  const quota = quotaError(err);
  if (quota) return quota;
  if (code === 'RR001')
    return new AppError('array_index_out_of_range', 'invalid', PRODUCT_MESSAGES.arrayIndexOutOfRange);
  if (code === '23514' && (err as { constraint?: unknown }).constraint === 'products_doc_size')
    return new AppError('document_too_large', 'too_large', PRODUCT_MESSAGES.documentTooLarge);
  return err;
}

/** A write whose database refusals come out as asWriteError says. */
export async function guardWrite<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    throw asWriteError(err);
  }
}
