/**
 * Detail images (W §4 Detail images, §5, §8, §9): the product's detail images translated one by one
 * and merged with the top and bottom images into one 800 px wide JPEG (quality 0.95).
 *
 *   1. the list: stored detailImages (URLs or records), else the imported originals; empty →
 *      처리할 이미지가 없습니다
 *   2. top / bottom: the settings' images (when switched on), and list entries whose URL equals the
 *      setting or whose file name contains topimage / bottomimage; they are left out of AI work and
 *      of the content list
 *   3. per content image, one by one: images already processed (with a requestId) are skipped; the
 *      others are translated; processType original / translated / error
 *   4. merge top + contents + bottom; a merge that fails or whose data is under 2000 characters
 *      (empty) falls back to the individual images
 *   5. one partial update at the end: detailImages, processedDetailImages, detailImageStatusObj,
 *      finalDetailImage, detailHtml, and each option document's imagePage.details
 */
import {
  type CatalogueMessage,
  decideProcessType,
  deriveImageTaskStatus,
  MESSAGES,
  type ProcessedImage,
} from '@rr/domain';
import {
  detailPageUpdates,
  mergeDetailPage,
  pageUrls,
  planDetailPage,
} from '../../images/product-images/detail-page.ts';
import { processedImageRecord } from '../../images/product-images/processed-image-record.ts';
import { translateImageStep } from '../../images/translation/translate-image-step.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import {
  documentCount,
  type ImageProduct,
  imageStepDeps,
  loadImageProduct,
  urlOf,
  writeImageFields,
} from '../images/image-task-context.ts';
import { IMAGE_TASK_MESSAGES } from '../images/image-task-messages.ts';

/** The stored list: detailImages (URLs or records), else the imported originals. */
export function storedDetailImages(product: ImageProduct): (string | ProcessedImage)[] {
  if (product.detailImages.length) return product.detailImages;
  if (product.originalDetailImages.length) return product.originalDetailImages;
  return product.originDetailImages.map((o) => o.originalUrl);
}

async function run(ctx: TaskContext): Promise<TaskOutcome> {
  const product = await loadImageProduct(ctx);
  const settings = await ctx.deps.settings.imageSettings(ctx.companyId);
  const plan = planDetailPage(storedDetailImages(product), settings);
  if (plan.contents.length === 0) return { status: 'error', message: MESSAGES.noImagesToProcess };
  const deps = imageStepDeps(ctx);

  const records: ProcessedImage[] = [];
  for (const [k, entry] of plan.contents.entries()) {
    ctx.signal.throwIfAborted();
    if (typeof entry !== 'string' && entry.requestId) {
      records.push({ ...entry, index: k });
      continue;
    }
    const r = await translateImageStep(deps, urlOf(entry));
    const record = processedImageRecord(k, r, `${product.registrationId}_detail_${k + 1}`);
    record.processType = decideProcessType({
      isFrameImage: false,
      translated: r.isTranslated,
      failed: r.processType === 'error' || r.failure !== undefined,
      keptOriginal: r.processType !== 'error',
    });
    records.push(record);
  }

  const supplierCode = await ctx.deps.settings.supplierCode(ctx.companyId);
  const merged = await mergeDetailPage(
    ctx.deps.storage,
    ctx.companyId,
    pageUrls(plan, records),
    { registrationId: product.registrationId, supplierCode },
    ctx.deps.imageFetch,
  );
  const status = deriveImageTaskStatus(
    records.map((r) => r.processType ?? 'original'),
    'detailImage',
  );
  const skipped = await writeImageFields(
    ctx,
    detailPageUpdates({ plan, records, merged, status, documents: documentCount(product) }),
  );

  // A failed translation keeps its original (processType original) but is counted, as in the
  // additional images task: the seller is told how many images still hold Chinese text.
  const failed = records.filter((r) => r.processType === 'error' || r.error).length;
  const messages: CatalogueMessage[] = [];
  if (failed > 0) messages.push(IMAGE_TASK_MESSAGES.imageFailures(failed, records.length));
  if (!merged) messages.push(IMAGE_TASK_MESSAGES.mergeFailed);
  const message =
    messages.length > 0
      ? { ko: messages.map((m) => m.ko).join(' '), en: messages.map((m) => m.en).join(' ') }
      : undefined;
  return { status, ...(message ? { message } : {}), ...(skipped.length ? { skipped } : {}) };
}

export const detailImagesTask: WorkflowTask = { name: 'detailImage', run };
