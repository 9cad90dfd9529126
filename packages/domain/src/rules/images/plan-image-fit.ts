import { IMAGE_LIMITS } from '../../constants.ts';

export type ImageFitPlan =
  | { action: 'keep' }
  | {
      action: 'fit';
      canvas: { width: number; height: number; background: string };
      /** The image drawn centred, scaled to fit inside the canvas with its aspect ratio kept. */
      draw: { x: number; y: number; width: number; height: number };
    };

/** W §5 Images: a side under 400 or over 8000 px needs fitting onto the 800×800 white canvas. */
export function needsImageFit(size: { width: number; height: number }): boolean {
  const { minSidePx, maxSidePx } = IMAGE_LIMITS;
  return [size.width, size.height].some((side) => !(side >= minSidePx && side <= maxSidePx));
}

/** W §5 / §9: keep images with both sides in 400–8000 px; fit others onto an 800×800 white canvas. */
export function planImageFit(size: { width: number; height: number }): ImageFitPlan {
  if (!needsImageFit(size)) return { action: 'keep' };
  const { canvasWidth: cw, canvasHeight: ch, canvasBackground } = IMAGE_LIMITS;
  const w = Math.max(1, size.width || 1);
  const h = Math.max(1, size.height || 1);
  const scale = Math.min(cw / w, ch / h);
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  return {
    action: 'fit',
    canvas: { width: cw, height: ch, background: canvasBackground },
    draw: { x: Math.floor((cw - width) / 2), y: Math.floor((ch - height) / 2), width, height },
  };
}
