import { IMAGE_LIMITS } from '../../constants.ts';

/** W §5 Images: a side under 400 or over 8000 px needs fitting onto the 800×800 white canvas. */
export function needsImageFit(size: { width: number; height: number }): boolean {
  const { minSidePx, maxSidePx } = IMAGE_LIMITS;
  return [size.width, size.height].some((side) => !(side >= minSidePx && side <= maxSidePx));
}
