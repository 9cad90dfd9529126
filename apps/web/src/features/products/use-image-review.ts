import { ImageActionResponse } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { http } from '../../app/http';
import { editedItems, type ReviewImage } from './image-review';
import { imageReviewReducer, initialImageReviewState, reviewView } from './image-review-state';

export type ReviewAction = 'edit' | 'retranslate' | 'protect';

/**
 * The review modal's state machine (`image-review-state.ts`) wired to the image calls: regenerate
 * with the edited text, translate this image again, save the protected regions. The product reloads
 * after each, so the modal shows the result.
 */
export function useImageReview(productId: string, image: ReviewImage | null, onClose: () => void) {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(imageReviewReducer, initialImageReviewState);
  const view = reviewView(image, state);
  const base = `/api/product-images/${encodeURIComponent(productId)}`;
  const run = useMutation({
    mutationFn: async (action: ReviewAction): Promise<ImageActionResponse> => {
      if (!image) throw new Error('no image');
      const at = { group: image.group, index: image.index };
      if (action === 'edit')
        return http.post(`${base}/edit-text`, ImageActionResponse, {
          ...at,
          items: editedItems(image.lines, state.edits),
        });
      if (action === 'retranslate') return http.post(`${base}/retranslate`, ImageActionResponse, at);
      return http.post(`${base}/protect`, ImageActionResponse, { ...at, regions: view.regions });
    },
    onSuccess: async () => {
      dispatch({ type: 'reset' });
      await client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });
  const close = () => {
    dispatch({ type: 'reset' });
    run.reset();
    onClose();
  };
  return { state, dispatch, view, run, close };
}
