import { exportMessage } from '../export/export-messages.ts';
import { formatFileSize } from '../images/format-file-size.ts';
import { MAIN_IMAGE_LIMITS, type PreflightFinding } from './preflight-finding.ts';

/** What the server measured on a representative image (pixels, bytes, border, OCR, corners). */
export interface MainImageFacts {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** Share (0–1) of the outer border ring that is near white. */
  readonly whiteBorderRatio: number;
  /** OCR lines found on the image. */
  readonly texts: readonly { readonly text: string; readonly confidence: number }[];
  /** Corners holding a small, high-contrast mark on an otherwise plain corner (watermark-like). */
  readonly markedCorners: readonly ('topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight')[];
}

const CORNER_KO = {
  topLeft: '왼쪽 위',
  topRight: '오른쪽 위',
  bottomLeft: '왼쪽 아래',
  bottomRight: '오른쪽 아래',
};

/** Text OCR found that counts: at least 2 letters or digits and reasonably sure. */
export function meaningfulTexts(texts: MainImageFacts['texts']): string[] {
  return texts
    .filter((t) => t.confidence >= MAIN_IMAGE_LIMITS.minTextConfidence)
    .map((t) => t.text.trim())
    .filter((t) => t.replace(/[^\p{L}\p{N}]/gu, '').length >= MAIN_IMAGE_LIMITS.minTextLength);
}

/**
 * Representative image rules: square, 500–5000 px a side, at most 3 MB, white background, no text
 * left on it, no watermark-like corners. `field` is where the image sits (a dotted path).
 */
export function checkMainImage(
  facts: MainImageFacts | null,
  field: string,
  optionIndex: number | null,
): PreflightFinding[] {
  if (!facts) return [];
  const out: PreflightFinding[] = [];
  const square = { label: exportMessage('fixSquareMainImage'), action: 'squareMainImage' as const };
  const at = { field, optionIndex };
  const { width, height } = facts;
  if (width !== height)
    out.push({
      ...at,
      rule: 'mainImageSquare',
      severity: 'error',
      message: exportMessage('mainImageNotSquare', { width, height }),
      fix: square,
    });
  const { minSidePx: min, maxSidePx: max } = MAIN_IMAGE_LIMITS;
  if (Math.min(width, height) < min || Math.max(width, height) > max)
    out.push({
      ...at,
      rule: 'mainImageSize',
      severity: 'error',
      message: exportMessage('mainImageSize', { min, max, width, height }),
      fix: square,
    });
  if (facts.bytes > MAIN_IMAGE_LIMITS.maxBytes)
    out.push({
      ...at,
      rule: 'mainImageBytes',
      severity: 'error',
      message: exportMessage('mainImageBytes', {
        max: formatFileSize(MAIN_IMAGE_LIMITS.maxBytes),
        size: formatFileSize(facts.bytes),
      }),
      fix: square,
    });
  if (facts.whiteBorderRatio < MAIN_IMAGE_LIMITS.minWhiteBorderRatio)
    out.push({
      ...at,
      rule: 'mainImageBackground',
      severity: 'warning',
      message: exportMessage('mainImageBackground', { percent: Math.round(facts.whiteBorderRatio * 100) }),
    });
  const texts = meaningfulTexts(facts.texts);
  if (texts.length) {
    const shown = texts.slice(0, 3).join(' / ');
    out.push({
      ...at,
      rule: 'mainImageText',
      severity: 'error',
      message: exportMessage('mainImageText', { text: shown.length > 40 ? `${shown.slice(0, 40)}…` : shown }),
    });
  }
  if (facts.markedCorners.length)
    out.push({
      ...at,
      rule: 'mainImageWatermark',
      severity: 'warning',
      message: {
        ko: exportMessage('mainImageWatermark', {
          corners: facts.markedCorners.map((c) => CORNER_KO[c]).join(', '),
        }).ko,
        en: exportMessage('mainImageWatermark', { corners: facts.markedCorners.join(', ') }).en,
      },
    });
  return out;
}
