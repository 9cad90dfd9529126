import {
  drawnRegions,
  hasTextChanges,
  isLineProtected,
  type Rect,
  type ReviewImage,
  sameRegions,
  toggleLineProtection,
} from './image-review';

/**
 * The image review modal's state: the Korean lines the seller edited and the protected regions being
 * edited (null: as the product stores them). The hook (`use-image-review.ts`) sends them.
 */
export type ImageReviewState = {
  edits: Readonly<Record<number, string>>;
  editedRegions: Rect[] | null;
};

export const initialImageReviewState: ImageReviewState = { edits: {}, editedRegions: null };

export type ImageReviewAction =
  | { type: 'editLine'; index: number; text: string }
  /** Protect or unprotect one OCR line of `image`. */
  | { type: 'toggleLine'; image: ReviewImage; index: number }
  /** A region drawn with the mouse over the original (a logo, text on the product). */
  | { type: 'drawRegion'; image: ReviewImage; region: Rect }
  /** Remove every drawn region (those holding no line). */
  | { type: 'clearDrawn'; image: ReviewImage }
  /** After a successful action, and when the modal closes: back to what the product stores. */
  | { type: 'reset' };

const regionsOf = (state: ImageReviewState, image: ReviewImage) =>
  state.editedRegions ?? image.protectedRegions;

export function imageReviewReducer(state: ImageReviewState, action: ImageReviewAction): ImageReviewState {
  switch (action.type) {
    case 'editLine':
      return { ...state, edits: { ...state.edits, [action.index]: action.text } };
    case 'toggleLine':
      return {
        ...state,
        editedRegions: toggleLineProtection(action.image.lines, regionsOf(state, action.image), action.index),
      };
    case 'drawRegion':
      return { ...state, editedRegions: [...regionsOf(state, action.image), action.region] };
    case 'clearDrawn': {
      const regions = regionsOf(state, action.image);
      const drawn = drawnRegions(action.image.lines, regions);
      return { ...state, editedRegions: regions.filter((r) => !drawn.includes(r)) };
    }
    case 'reset':
      return initialImageReviewState;
  }
}

/** What the modal shows for the state: the regions, the protected lines, what may be saved. */
export function reviewView(image: ReviewImage | null, state: ImageReviewState) {
  const lines = image?.lines ?? [];
  const stored = image?.protectedRegions ?? [];
  const regions = state.editedRegions ?? stored;
  return {
    lines,
    regions,
    marks: new Set(lines.flatMap((l, i) => (isLineProtected(l, regions) ? [i] : []))),
    marksChanged: !sameRegions(regions, stored),
    drawn: drawnRegions(lines, regions),
    textChanged: hasTextChanges(lines, state.edits),
  };
}
