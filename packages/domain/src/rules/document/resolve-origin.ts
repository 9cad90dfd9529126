import { decideOrigin } from './decide-origin.ts';

/**
 * The origin notice: the seller's default origin (settings defaultSettings.origin, 중국 by default,
 * Q §9) when set; only when the seller has set none, the W §5 rule (대한민국 when the import status is
 * 'not an import target', else 중국).
 */
export function resolveOrigin(input: {
  origin?: string | null | undefined;
  importStatus?: string | null | undefined;
}): string {
  const origin = input.origin?.trim();
  return origin ? origin : decideOrigin(input.importStatus);
}
