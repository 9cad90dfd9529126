/**
 * What the three image tasks share: the product's image fields read once, the company's supplier
 * code and image settings, the per-image step's dependencies, and the task's writes (dotted paths).
 */

import {
  type CheckedFields,
  type ImageEntry,
  MESSAGES,
  type OriginDetailImage,
  type ProcessedImage,
  type ProductFields,
  type StoredProduct,
  type StoredProductOption,
} from '@rr/domain';
import { AppError } from '../../errors/app-error.ts';
import type { ImageStepDeps } from '../../images/translation/translate-image-step.ts';
import type { TaskContext } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';

/**
 * The product as the image tasks read it: the repository's typed product with its image lists
 * present (empty when the product has none).
 */
export type ImageProduct = StoredProduct & {
  registrationId: string;
  mainImages: string[];
  options: StoredProductOption[];
  additionalImages: ImageEntry[];
  detailImages: ImageEntry[];
  processedDetailImages: ImageEntry[];
  originDetailImages: OriginDetailImage[];
  originalDetailImages: string[];
};

const productNotFound = () => new AppError('product_not_found', 'not_found', MESSAGES.productFetchFailed);

export async function loadImageProduct(
  ctx: Pick<TaskContext, 'deps' | 'companyId' | 'productId'>,
): Promise<ImageProduct> {
  const row = await ctx.deps.products.find(ctx.companyId, ctx.productId);
  if (!row) throw productNotFound();
  const d = row.doc;
  return {
    ...d,
    registrationId: row.registration_id,
    mainImages: d.mainImages ?? [],
    options: d.options ?? [],
    additionalImages: d.additionalImages ?? [],
    detailImages: d.detailImages ?? [],
    processedDetailImages: d.processedDetailImages ?? [],
    originDetailImages: d.originDetailImages ?? [],
    originalDetailImages: d.originalDetailImages ?? [],
  };
}

/** Option documents exist (one per option, same order) once the product was added to registration. */
export function documentCount(product: ImageProduct): number {
  const docs = product.coupangDoc?.jsonDocument ?? [];
  return docs.length === product.options.length ? docs.length : 0;
}

export function imageStepDeps(
  ctx: TaskContext,
  opts: { allowPrivateOrigins?: string[] } = {},
): ImageStepDeps {
  return {
    companyId: ctx.companyId,
    productId: ctx.productId,
    signal: ctx.signal,
    storage: ctx.deps.storage,
    translation: ctx.deps.images,
    allowPrivateOrigins: opts.allowPrivateOrigins ?? ctx.deps.imageFetch?.allowPrivateOrigins,
    hosts: ctx.deps.imageFetch?.hosts,
  };
}

/**
 * A task's write of product fields (dotted paths) through the shared `writeTaskFields` (fields the
 * seller edited are kept and answered as skipped), then a `product-updated` event so open screens
 * refresh their chips and previews.
 */
export async function writeImageFields<F extends ProductFields>(
  ctx: TaskContext,
  updates: CheckedFields<F>,
): Promise<string[]> {
  const { skipped } = await writeTaskFields<F>(ctx, updates);
  await ctx.emit({ type: 'product-updated', productId: ctx.productId });
  return skipped;
}

/** The URL of a stored list entry (a plain URL or a processed image record). */
export function urlOf(entry: string | ProcessedImage): string {
  return typeof entry === 'string' ? entry : (entry.url ?? entry.originalUrl ?? '');
}
