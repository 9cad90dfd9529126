import type { ProcessType } from '../../entities/common.ts';

/**
 * W §4 Detail images: processType is original for the top/bottom setting images and for a failed
 * step that kept the original, translated for a translated image, error when the image itself failed.
 */
export function decideProcessType(input: {
  isFrameImage: boolean;
  translated: boolean;
  failed: boolean;
  keptOriginal?: boolean;
}): ProcessType {
  if (input.isFrameImage) return 'original';
  if (input.translated && !input.failed) return 'translated';
  return input.failed && !input.keptOriginal ? 'error' : 'original';
}
