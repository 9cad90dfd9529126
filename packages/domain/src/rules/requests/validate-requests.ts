import { isRecord } from '../../records.ts';
import { fail, issue, ok, type Result } from '../../result.ts';
import { TASK_FEATURES, type TaskFeature } from '../../tasks/task-registry.ts';

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/** W §5: a product update needs an _id ('invalid product information'). */
export function validateProductUpdate<T extends { _id?: unknown }>(product: T | null | undefined): Result<T> {
  return product && has(product._id) ? ok(product) : fail([issue('invalidProductInformation')]);
}

/** W §5: a feature update needs the product's registrationId and the feature's data. */
export function validateFeatureUpdate(
  feature: string,
  product: { registrationId?: unknown; [key: string]: unknown } | null | undefined,
): Result<TaskFeature> {
  const known = (TASK_FEATURES as readonly string[]).includes(feature);
  if (!known || !product || !has(product.registrationId) || !has(product[feature])) {
    return fail([issue('featureDataMissing')]);
  }
  return ok(feature as TaskFeature);
}

/**
 * W §5: a partial update needs a product id and at least one field (dotted paths allowed). Takes the
 * request's values as sent: the id must be a non-empty string, the fields a non-empty plain object.
 */
export function validatePartialUpdate(
  productId: unknown,
  updateFields: unknown,
): Result<{ productId: string; updateFields: Readonly<Record<string, unknown>> }> {
  if (
    typeof productId !== 'string' ||
    productId === '' ||
    !isRecord(updateFields) ||
    Object.keys(updateFields).length === 0
  )
    return fail([issue('partialUpdateInvalid')]);
  return ok({ productId, updateFields });
}

/** W §5: the size chart request needs a product with a registrationId (유효하지 않은 상품 정보입니다). */
export function validateSizeChartRequest<T extends { registrationId?: unknown }>(
  product: T | null | undefined,
): Result<T> {
  return product && has(product.registrationId) ? ok(product) : fail([issue('invalidProduct')]);
}

/** W §5: the workflow starts only with selected products and a stored AI key. */
export function validateWorkflowStart(
  selectedProductIds: readonly string[],
  geminiApiKey: string | null | undefined,
): Result<readonly string[]> {
  if (selectedProductIds.length === 0) return fail([issue('noProductsSelected')]);
  if (!geminiApiKey?.trim()) return fail([issue('geminiKeyMissing')]);
  return ok(selectedProductIds);
}

/** Q §5: quotation needs an id / registrationId, rocketRegInfo and at least one option. */
export function validateQuotationStart<
  T extends {
    _id?: unknown;
    registrationId?: unknown;
    rocketRegInfo?: unknown;
    options?: readonly unknown[];
  },
>(product: T | null | undefined): Result<T> {
  if (!product || (!has(product._id) && !has(product.registrationId)))
    return fail([issue('quotationProductIdMissing')]);
  if (!product.rocketRegInfo) return fail([issue('registrationInfoMissing')]);
  if (!product.options?.length) return fail([issue('noOptionsToProcess')]);
  return ok(product);
}

/** W §5: an image to translate needs a URL (이미지 URL이 없습니다). */
export function validateImageUrl(url: string | null | undefined): Result<string> {
  return url?.trim() ? ok(url.trim()) : fail([issue('imageUrlMissing')]);
}

/** W §5: an image group to retranslate needs an original or current URL. */
export function validateRetranslateGroup(
  group:
    | {
        originalUrl?: string | undefined;
        originalUrls?: readonly string[] | undefined;
        url?: string | undefined;
      }
    | null
    | undefined,
): Result<string> {
  const url = group?.originalUrl || group?.originalUrls?.find((u) => u) || group?.url;
  return url ? ok(url) : fail([issue('invalidImageGroup')]);
}

/** W §5: processing all detail images needs at least one (처리할 이미지가 없습니다). */
export function validateImagesToProcess<T>(images: readonly T[] | null | undefined): Result<readonly T[]> {
  return images?.length ? ok(images) : fail([issue('noImagesToProcess')]);
}
