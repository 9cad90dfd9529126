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
  buildUploadFileName,
  type CatalogueMessage,
  decideProcessType,
  deriveImageTaskStatus,
  formatFileSize,
  type ImageSettings,
  isBottomImage,
  isMergedImageEmpty,
  isTopImage,
  MESSAGES,
  type ProcessedImage,
} from '@rr/domain';
import { fetchImage } from '../../images/fetch-image.ts';
import { mergeDetailImages } from '../../images/ops/merge.ts';
import type { FileStorage } from '../../images/storage.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { processedImageRecord } from '../additional-images/index.ts';
import {
  documentCount,
  type ImageProduct,
  imageSettingsOf,
  imageStepDeps,
  loadImageProduct,
  supplierCodeOf,
  urlOf,
  writeImageFields,
} from '../images/image-task-context.ts';
import { IMAGE_TASK_MESSAGES } from '../images/image-task-messages.ts';
import { translateImageStep } from '../images/translate-image-step.ts';

type Entry = string | ProcessedImage;

export type DetailPlan = {
  top: string | undefined;
  bottom: string | undefined;
  /** Content images in order (frame images left out). */
  contents: Entry[];
};

/** Steps 1–2: the content list and the top / bottom images. */
export function planDetailImages(product: ImageProduct, settings: ImageSettings): DetailPlan {
  const stored: Entry[] = product.detailImages.length
    ? product.detailImages
    : product.originalDetailImages.length
      ? product.originalDetailImages
      : product.originDetailImages.map((o) => o.originalUrl);
  const contents: Entry[] = [];
  let listTop: string | undefined;
  let listBottom: string | undefined;
  for (const entry of stored) {
    const url = (typeof entry === 'string' ? entry : (entry.originalUrl ?? entry.url ?? '')).trim();
    if (!url) continue;
    if (isTopImage(url, settings)) listTop ??= url;
    else if (isBottomImage(url, settings)) listBottom ??= url;
    else contents.push(entry);
  }
  const top = settings.useTopImage && settings.topImageUrl ? settings.topImageUrl : listTop;
  const bottom = settings.useBottomImage && settings.bottomImageUrl ? settings.bottomImageUrl : listBottom;
  return { top, bottom, contents };
}

const frameRecord = (url: string, index: number, name: string): ProcessedImage => ({
  index,
  url,
  originalUrl: url,
  name,
  requestId: null,
  processType: decideProcessType({ isFrameImage: true, translated: false, failed: false }),
  isBase64: false,
  isTranslated: false,
});

/** Step 4: the merged page stored as one upload, or undefined when it cannot be made (or is empty). */
async function mergePage(
  storage: FileStorage,
  companyId: string,
  urls: string[],
  fileName: string,
): Promise<{ url: string; width: number; height: number; filesize: number } | undefined> {
  try {
    const images = [];
    for (const url of urls) images.push((await fetchImage(url, { storage })).data);
    const merged = await mergeDetailImages(images);
    if (isMergedImageEmpty(merged.data.toString('base64'))) return undefined;
    const stored = await storage.put(companyId, fileName, merged.data);
    return { url: stored.url, width: merged.width, height: merged.height, filesize: stored.size };
  } catch {
    return undefined;
  }
}

const imgTags = (urls: string[]) => urls.map((u) => `<img src="${u.replace(/"/g, '&quot;')}" />`).join('');

async function run(ctx: TaskContext): Promise<TaskOutcome> {
  const product = await loadImageProduct(ctx);
  const settings = await imageSettingsOf(ctx.container.db, ctx.companyId);
  const plan = planDetailImages(product, settings);
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

  const pageUrls = [
    ...(plan.top ? [plan.top] : []),
    ...records.map((r) => r.url ?? r.originalUrl ?? ''),
    ...(plan.bottom ? [plan.bottom] : []),
  ].filter((u) => u !== '');
  const supplierCode = await supplierCodeOf(ctx.container.db, ctx.companyId);
  const fileName = buildUploadFileName(`${product.registrationId}_detail.jpg`, supplierCode);
  const merged = await mergePage(ctx.container.storage, ctx.companyId, pageUrls, fileName);
  const detailHtml = imgTags(merged ? [merged.url] : pageUrls);

  const statusImages = [
    ...(plan.top ? [frameRecord(plan.top, -1, 'topimage')] : []),
    ...records,
    ...(plan.bottom ? [frameRecord(plan.bottom, records.length, 'bottomimage')] : []),
  ];
  const status = deriveImageTaskStatus(
    records.map((r) => r.processType ?? 'original'),
    'detailImage',
  );
  const updates: Record<string, unknown> = {
    detailImages: records,
    processedDetailImages: records,
    detailImageStatusObj: {
      status,
      images: statusImages,
      merged: merged
        ? {
            url: merged.url,
            dimensions: { width: merged.width, height: merged.height },
            filesize: formatFileSize(merged.filesize),
          }
        : null,
    },
    finalDetailImage: merged?.url ?? '',
    detailHtml,
  };
  for (let i = 0; i < documentCount(product); i++) {
    updates[`coupangDoc.jsonDocument.${i}.imagePage.details.detailedImage`] =
      merged?.url ?? pageUrls[0] ?? '';
    updates[`coupangDoc.jsonDocument.${i}.imagePage.details.htmlProductDetailContent`] = detailHtml;
  }
  const skipped = await writeImageFields(ctx, updates);

  const failed = records.filter((r) => r.processType === 'error').length;
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
