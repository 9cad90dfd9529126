import { ADDITIONAL_IMAGES_MAX } from '../../constants.ts';

/** W §5 / §9: at most 9 additional images (the first ones are kept; blanks and repeats dropped). */
export function limitAdditionalImages(images: readonly string[]): string[] {
  return [...new Set(images.map((i) => i.trim()).filter((i) => i !== ''))].slice(0, ADDITIONAL_IMAGES_MAX);
}

/** The document's additionalImage field is the list joined by commas (W §3 imagePage). */
export function joinAdditionalImages(images: readonly string[]): string {
  return limitAdditionalImages(images).join(',');
}
