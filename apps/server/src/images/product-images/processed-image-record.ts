import { formatFileSize, type MainImageStatus, type ProcessedImage } from '@rr/domain';
import type { OcrItem } from '../translate/types.ts';
import type { ImageStepResult } from '../translation/translate-image-step.ts';

/** The OCR lines kept with a record (W §3 textAreas): enough to draw the boxes and edit the text. */
export function textAreasOf(items: readonly OcrItem[] | undefined): ProcessedImage['textAreas'] {
  return (items ?? []).map((i) => ({
    source: i.source,
    target: i.target,
    bounding_box: i.bounding_box,
    translate: i.translate !== false,
  }));
}

/** W §3 processed image record of one image's result. */
export function processedImageRecord(index: number, r: ImageStepResult, name: string): ProcessedImage {
  return {
    index,
    url: r.url,
    originalUrl: r.originalUrl,
    name,
    requestId: r.requestId,
    processType: r.processType,
    isBase64: false,
    isTranslated: r.isTranslated,
    sourceLanguage: r.sourceLanguage ?? 'CHN',
    targetLanguage: 'KOR',
    ...(r.items ? { textAreas: textAreasOf(r.items) } : {}),
    ...(r.dimensions ? { dimensions: r.dimensions } : {}),
    ...(r.filesize !== undefined ? { filesize: formatFileSize(r.filesize), bytes: r.filesize } : {}),
    ...(r.uploadError ? { uploadError: r.uploadError } : {}),
    ...(r.failure ? { error: r.failure.message.ko } : {}),
  };
}

/** W §3 Option mainImageStatus from one image's result; a failure keeps the original, textRemoved false. */
export function optionMainImageStatus(image: string, r: ImageStepResult): MainImageStatus {
  const failed = r.processType === 'error' || (r.failure !== undefined && r.failure.step !== 'upload');
  return {
    status: failed ? 'error' : 'completed',
    image,
    processedImage: r.url,
    ...(r.dimensions ? { dimensions: r.dimensions } : {}),
    ...(r.filesize !== undefined ? { filesize: formatFileSize(r.filesize), bytes: r.filesize } : {}),
    textRemoved: failed ? false : r.textRemoved,
    requestId: r.requestId,
    ...(r.items ? { textAreas: textAreasOf(r.items) } : {}),
    ...(r.uploadError ? { uploadError: r.uploadError } : {}),
    ...(r.failure && failed ? { error: r.failure.message.ko } : {}),
  };
}
