/**
 * Additional images (W §4, §5 "at most 9 additional images", §8 Recoveries): the product's gallery
 * (its additional images, or its 1688 main images the first time), at most nine, in order, each
 * through the same engine and stored as an upload (supplier-code name, the fit rule).
 *
 *   1. the list: stored additionalImages, else mainImages; blanks and repeats dropped; the first 9
 *   2. per image, in order: images already processed (with a requestId) are kept; the others are
 *      translated; a failure keeps the original (processType original, or error when it cannot load)
 *   3. one partial update: additionalImages (processed image records) and each option document's
 *      imagePage.images.additionalImage (the URLs joined by commas)
 */
import {
  ADDITIONAL_IMAGES_MAX,
  type CatalogueMessage,
  deriveImageTaskStatus,
  joinAdditionalImages,
  MESSAGES,
  type ProcessedImage,
  type ProductFields,
  productPath,
} from '@rr/domain';
import { processedImageRecord } from '../../images/product-images/processed-image-record.ts';
import { translateImageStep } from '../../images/translation/translate-image-step.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import {
  documentCount,
  imageStepDeps,
  loadImageProduct,
  urlOf,
  writeImageFields,
} from '../images/image-task-context.ts';
import { IMAGE_TASK_MESSAGES } from '../images/image-task-messages.ts';

/** Stored entries (URL strings or records) in order, without blanks and repeats, at most nine. */
export function additionalImageList(
  entries: readonly (string | ProcessedImage)[],
): (string | ProcessedImage)[] {
  const seen = new Set<string>();
  const out: (string | ProcessedImage)[] = [];
  for (const e of entries) {
    const key = typeof e === 'string' ? e.trim() : (e.originalUrl ?? e.url ?? '').trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(typeof e === 'string' ? key : e);
    if (out.length === ADDITIONAL_IMAGES_MAX) break;
  }
  return out;
}

async function run(ctx: TaskContext): Promise<TaskOutcome> {
  const product = await loadImageProduct(ctx);
  const list = additionalImageList(
    product.additionalImages.length ? product.additionalImages : product.mainImages,
  );
  if (list.length === 0) return { status: 'completed', message: MESSAGES.noImagesToProcess };
  const deps = imageStepDeps(ctx);
  const supplierCode = await ctx.deps.settings.supplierCode(ctx.companyId);
  const records: ProcessedImage[] = [];
  for (const [k, entry] of list.entries()) {
    ctx.signal.throwIfAborted();
    if (typeof entry !== 'string' && entry.requestId) {
      records.push({ ...entry, index: k });
      continue;
    }
    const name = `${product.registrationId}_add_${k + 1}`;
    const r = await translateImageStep(deps, urlOf(entry), { type: 'main', name, supplierCode });
    records.push(processedImageRecord(k, r, name));
  }

  const updates: ProductFields = { additionalImages: records };
  const joined = joinAdditionalImages(
    records.filter((r) => r.processType !== 'error').map((r) => r.url ?? ''),
  );
  for (let i = 0; i < documentCount(product); i++) {
    updates[productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'additionalImage')] = joined;
  }
  const skipped = await writeImageFields(ctx, updates);

  const types = records.map((r) => r.processType ?? 'original');
  const failed = records.filter((r) => r.processType === 'error' || r.error).length;
  const message: CatalogueMessage | undefined =
    failed > 0 ? IMAGE_TASK_MESSAGES.imageFailures(failed, records.length) : undefined;
  return {
    status: deriveImageTaskStatus(types, 'additionalImage'),
    ...(message ? { message } : {}),
    ...(skipped.length ? { skipped } : {}),
  };
}

export const additionalImagesTask: WorkflowTask = { name: 'additionalImage', run };
