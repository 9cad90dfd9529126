import { type ReactNode, useState } from 'react';
import type { Pair } from './image-pair';
import type { ReviewImage } from './image-review';
import { ImageReviewModal } from './image-review-modal';
import { ZoomModal } from './zoom-modal';

/** The zoom view of an image tab: which pair is open (a look, so plain state). */
export function useZoom() {
  const [pair, setPair] = useState<Pair | null>(null);
  return { pair, open: setPair, modal: <ZoomModal pair={pair} onClose={() => setPair(null)} /> };
}

/** The review modal of one image of a group; `imageAt` reads the image from the current product. */
export function useReview(productId: string, imageAt: (index: number) => ReviewImage | null) {
  const [at, setAt] = useState<{ index: number; title: ReactNode } | null>(null);
  return {
    open: (index: number, title: ReactNode) => setAt({ index, title }),
    modal: (
      <ImageReviewModal
        productId={productId}
        image={at ? imageAt(at.index) : null}
        title={at?.title}
        onClose={() => setAt(null)}
      />
    ),
  };
}
