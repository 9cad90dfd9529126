import type { ExportMessage } from '../export/export-messages.ts';

/** Representative image limits Coupang states for rocket registration. */
export const MAIN_IMAGE_LIMITS = {
  minSidePx: 500,
  maxSidePx: 5000,
  maxBytes: 3 * 1024 * 1024,
  /** Share of the border ring that must be near white. */
  minWhiteBorderRatio: 0.9,
  /** OCR lines shorter than this (after removing spaces) or less sure than this are not text. */
  minTextLength: 2,
  minTextConfidence: 0.6,
} as const;

/** Detail image limits (named here; Coupang's guide gives 780–800 px wide pages). */
export const DETAIL_IMAGE_LIMITS = {
  maxCount: 20,
  minWidthPx: 300,
  maxWidthPx: 5000,
  maxHeightPx: 30000,
  maxBytes: 10 * 1024 * 1024,
} as const;

/** A one-click fix: dotted-path fields to write, or a named server action. */
export type PreflightFix =
  | { readonly label: ExportMessage; readonly updateFields: Readonly<Record<string, unknown>> }
  | { readonly label: ExportMessage; readonly action: 'squareMainImage' };

/**
 * One finding of the pre-flight: the product field it concerns (a dotted path the partial update
 * takes), the rule, how bad it is (an error stops the Supplier Hub and Rocket Growth exports), the
 * seller's message and, where one exists, a fix.
 */
export interface PreflightFinding {
  readonly field: string;
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  readonly message: ExportMessage;
  readonly optionIndex: number | null;
  readonly fix?: PreflightFix;
}

export const docPath = (index: number, path: string) => `coupangDoc.jsonDocument.${index}.${path}`;
