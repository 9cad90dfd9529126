import { exportMessage } from '../export/export-messages.ts';
import { formatFileSize } from '../images/format-file-size.ts';
import { DETAIL_IMAGE_LIMITS, type PreflightFinding } from './preflight-finding.ts';

export interface DetailImageFacts {
  readonly url: string;
  /** null when the image could not be read. */
  readonly width: number | null;
  readonly height: number | null;
  readonly bytes: number | null;
}

const nameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? url).slice(-40);

/** Detail images: present, at most 20, 300–5000 px wide, at most 30000 px high and 10 MB each. */
export function checkDetailImages(
  images: readonly DetailImageFacts[],
  hasHtml: boolean,
  field: string,
  optionIndex: number | null,
): PreflightFinding[] {
  const at = { field, optionIndex };
  const L = DETAIL_IMAGE_LIMITS;
  if (images.length === 0)
    return hasHtml
      ? []
      : [
          {
            ...at,
            rule: 'detailImageMissing',
            severity: 'error',
            message: exportMessage('detailImageMissing'),
          },
        ];
  const out: PreflightFinding[] = [];
  if (images.length > L.maxCount)
    out.push({
      ...at,
      rule: 'detailImageCount',
      severity: 'error',
      message: exportMessage('detailImageCount', { max: L.maxCount, count: images.length }),
    });
  for (const img of images) {
    const name = nameOf(img.url);
    if (img.width === null || img.height === null) {
      out.push({
        ...at,
        rule: 'detailImageUnreadable',
        severity: 'error',
        message: exportMessage('detailImageUnreadable', { url: img.url }),
      });
      continue;
    }
    if (img.width < L.minWidthPx || img.width > L.maxWidthPx)
      out.push({
        ...at,
        rule: 'detailImageWidth',
        severity: 'error',
        message: exportMessage('detailImageWidth', {
          min: L.minWidthPx,
          max: L.maxWidthPx,
          name,
          width: img.width,
        }),
      });
    if (img.height > L.maxHeightPx)
      out.push({
        ...at,
        rule: 'detailImageHeight',
        severity: 'error',
        message: exportMessage('detailImageHeight', { max: L.maxHeightPx, name, height: img.height }),
      });
    if (img.bytes !== null && img.bytes > L.maxBytes)
      out.push({
        ...at,
        rule: 'detailImageBytes',
        severity: 'error',
        message: exportMessage('detailImageBytes', {
          max: formatFileSize(L.maxBytes),
          name,
          size: formatFileSize(img.bytes),
        }),
      });
  }
  return out;
}
