/**
 * The detail page (W §4 Detail images, §5, §9): which stored images are the top and bottom frame
 * images, the merge of top + contents + bottom into one 800 px JPEG (quality 0.95) stored as an
 * upload, and the product fields that describe the page. Used by the detail-images task and by the
 * seller's edits (reorder, drop, regenerate).
 */
import {
  buildUploadFileName,
  decideProcessType,
  formatFileSize,
  type ImageSettings,
  isBottomImage,
  isMergedImageEmpty,
  isTopImage,
  type ProcessedImage,
  type ProductFields,
  productPath,
  type TaskStatus,
} from '@rr/domain';
import { fetchImage, type ImageFetchRules } from '../fetch-image.ts';
import { mergeDetailImages } from '../ops/merge.ts';
import type { FileStorage } from '../storage.ts';

export type DetailEntry = string | ProcessedImage;

export type DetailPlan = {
  top: string | undefined;
  bottom: string | undefined;
  /** Content images in order (frame images left out). */
  contents: DetailEntry[];
};

export const entryUrl = (entry: DetailEntry): string =>
  (typeof entry === 'string' ? entry : (entry.url ?? entry.originalUrl ?? '')).trim();
const entrySource = (entry: DetailEntry): string =>
  (typeof entry === 'string' ? entry : (entry.originalUrl ?? entry.url ?? '')).trim();

/**
 * Top / bottom: the settings' images when switched on, else list entries whose URL equals the
 * setting or whose file name contains topimage / bottomimage. Those are left out of the contents.
 */
export function planDetailPage(stored: readonly DetailEntry[], settings: ImageSettings): DetailPlan {
  const contents: DetailEntry[] = [];
  let listTop: string | undefined;
  let listBottom: string | undefined;
  for (const entry of stored) {
    const url = entrySource(entry);
    if (!url) continue;
    if (isTopImage(url, settings)) listTop ??= url;
    else if (isBottomImage(url, settings)) listBottom ??= url;
    else contents.push(entry);
  }
  const top = settings.useTopImage && settings.topImageUrl ? settings.topImageUrl : listTop;
  const bottom = settings.useBottomImage && settings.bottomImageUrl ? settings.bottomImageUrl : listBottom;
  return { top, bottom, contents };
}

export type MergedPage = { url: string; width: number; height: number; filesize: number };

/** The merged page stored as one upload, or undefined when it cannot be made or is empty (< 2000 characters). */
export async function mergeDetailPage(
  storage: FileStorage,
  companyId: string,
  urls: readonly string[],
  names: { registrationId: string; supplierCode: string },
  /** What an image not stored here may be fetched from beyond global addresses (tests only). */
  rules: ImageFetchRules = {},
): Promise<MergedPage | undefined> {
  try {
    const images = [];
    for (const url of urls)
      images.push((await fetchImage(url, { ...rules, storage, company: companyId })).data);
    const merged = await mergeDetailImages(images);
    if (isMergedImageEmpty(merged.data.toString('base64'))) return undefined;
    const fileName = buildUploadFileName(`${names.registrationId}_detail.jpg`, names.supplierCode);
    const stored = await storage.put(companyId, fileName, merged.data);
    return { url: stored.url, width: merged.width, height: merged.height, filesize: stored.size };
  } catch {
    return undefined;
  }
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

const imgTags = (urls: readonly string[]) =>
  urls.map((u) => `<img src="${u.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" />`).join('');

/** The page's URLs in order: top, contents, bottom. */
export function pageUrls(
  plan: Pick<DetailPlan, 'top' | 'bottom'>,
  records: readonly ProcessedImage[],
): string[] {
  return [
    ...(plan.top ? [plan.top] : []),
    ...records.map((r) => r.url ?? r.originalUrl ?? ''),
    ...(plan.bottom ? [plan.bottom] : []),
  ].filter((u) => u !== '');
}

/**
 * The product fields describing the page, for one partial update: the content records, the status
 * object with the frame images, the merged image (or '' when the individual images are used), the
 * HTML, and each option document's imagePage.details.
 */
export function detailPageUpdates(input: {
  plan: Pick<DetailPlan, 'top' | 'bottom'>;
  records: ProcessedImage[];
  merged: MergedPage | undefined;
  status: TaskStatus;
  documents: number;
}): ProductFields {
  const { plan, records, merged } = input;
  const urls = pageUrls(plan, records);
  const detailHtml = imgTags(merged ? [merged.url] : urls);
  const statusImages = [
    ...(plan.top ? [frameRecord(plan.top, -1, 'topimage')] : []),
    ...records,
    ...(plan.bottom ? [frameRecord(plan.bottom, records.length, 'bottomimage')] : []),
  ];
  const updates: ProductFields = {
    detailImages: records,
    processedDetailImages: records,
    detailImageStatusObj: {
      status: input.status,
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
  for (let i = 0; i < input.documents; i++) {
    const details = (field: 'detailedImage' | 'htmlProductDetailContent') =>
      productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'details', field);
    updates[details('detailedImage')] = merged?.url ?? urls[0] ?? '';
    updates[details('htmlProductDetailContent')] = detailHtml;
  }
  return updates;
}
