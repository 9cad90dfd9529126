import { BARCODE_PLACEHOLDER } from '../../constants.ts';

/** Q §5: the placeholder 바코드 없음(쿠팡 바코드 생성 요청) is never saved as a barcode. */
export function isBarcodePlaceholder(value: unknown): boolean {
  return typeof value === 'string' && value.replace(/\s/g, '') === BARCODE_PLACEHOLDER.replace(/\s/g, '');
}

/** Returns the barcode to save: the incoming one unless empty or the placeholder, else the existing. */
export function mergeBarcode(
  existing: string | null | undefined,
  incoming: string | null | undefined,
): string | null {
  if (typeof incoming === 'string' && incoming.trim() !== '' && !isBarcodePlaceholder(incoming))
    return incoming.trim();
  return existing && !isBarcodePlaceholder(existing) ? existing : null;
}
