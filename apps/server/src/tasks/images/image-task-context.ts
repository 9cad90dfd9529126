/**
 * What the three image tasks share: the product's image fields read once, the company's supplier
 * code and image settings, the per-image step's dependencies, and the task's writes (dotted paths).
 */

import { ImageSettings, MESSAGES, OriginDetailImage, ProcessedImage, ProductOption } from '@rr/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors/app-error.ts';
import { createImageTranslationService } from '../../images/translation/image-translation-service.ts';
import type { ImageStepDeps } from '../../images/translation/translate-image-step.ts';
import { findProduct } from '../../products/product-repository.ts';
import { readDefaultSettings } from '../../settings/settings-service.ts';
import type { TaskContext } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';

const ImageEntry = z.union([z.string(), ProcessedImage]);

/** The product fields the image tasks read; anything else in the document is left alone. */
const ImageProduct = z.looseObject({
  registrationId: z.string().default(''),
  mainImages: z.array(z.string()).catch([]).default([]),
  options: z.array(ProductOption).catch([]).default([]),
  additionalImages: z.array(ImageEntry).catch([]).default([]),
  detailImages: z.array(ImageEntry).catch([]).default([]),
  processedDetailImages: z.array(ImageEntry).catch([]).default([]),
  originDetailImages: z.array(OriginDetailImage).catch([]).default([]),
  originalDetailImages: z.array(z.string()).catch([]).default([]),
  coupangDoc: z
    .looseObject({ jsonDocument: z.array(z.unknown()).catch([]).default([]) })
    .optional()
    .catch(undefined),
});
export type ImageProduct = z.infer<typeof ImageProduct>;

const productNotFound = () => new AppError('product_not_found', 'not_found', MESSAGES.productFetchFailed);

export async function loadImageProduct(
  ctx: Pick<TaskContext, 'container' | 'companyId' | 'productId'>,
): Promise<ImageProduct> {
  const row = await findProduct(ctx.container.db, ctx.companyId, ctx.productId);
  if (!row) throw productNotFound();
  return ImageProduct.parse({ ...row.doc, registrationId: row.registration_id });
}

/** Option documents exist (one per option, same order) once the product was added to registration. */
export function documentCount(product: ImageProduct): number {
  const docs = product.coupangDoc?.jsonDocument ?? [];
  return docs.length === product.options.length ? docs.length : 0;
}

export async function supplierCodeOf(db: Db, companyId: string): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('supplier_code')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.supplier_code ?? '';
}

export async function imageSettingsOf(db: Db, companyId: string): Promise<ImageSettings> {
  const defaults = await readDefaultSettings(db, companyId);
  return ImageSettings.parse(defaults.imageSettings ?? {});
}

export function imageStepDeps(
  ctx: TaskContext,
  opts: { allowPrivateOrigins?: string[] } = {},
): ImageStepDeps {
  return {
    companyId: ctx.companyId,
    productId: ctx.productId,
    signal: ctx.signal,
    storage: ctx.container.storage,
    translation: createImageTranslationService(ctx.container),
    allowPrivateOrigins: opts.allowPrivateOrigins,
  };
}

/**
 * A task's write of product fields (dotted paths) through the shared `writeTaskFields` (fields the
 * seller edited are kept and answered as skipped), then a `product-updated` event so open screens
 * refresh their chips and previews.
 */
export async function writeImageFields(
  ctx: TaskContext,
  updates: Record<string, unknown>,
): Promise<string[]> {
  const { skipped } = await writeTaskFields(ctx, updates);
  await ctx.emit({ type: 'product-updated', productId: ctx.productId });
  return skipped;
}

/** The URL of a stored list entry (a plain URL or a processed image record). */
export function urlOf(entry: string | ProcessedImage): string {
  return typeof entry === 'string' ? entry : (entry.url ?? entry.originalUrl ?? '');
}
