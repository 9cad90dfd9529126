import { describe, expect, it } from 'vitest';
import type { Rect } from './image-review';
import { reviewImageOf } from './image-review';
import {
  type ImageReviewAction,
  type ImageReviewState,
  initialImageReviewState as init,
  imageReviewReducer as reduce,
  reviewView,
} from './image-review-state';

const box = (x0: number, y0: number, x1: number, y1: number) => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const image = reviewImageOf('additional', 0, {
  originalUrl: '/files/a.jpg',
  url: '/files/a-ko.jpg',
  requestId: 'REQ-1',
  textAreas: [
    { source: '实木', target: '원목', translate: true, bounding_box: box(10, 10, 100, 40) },
    { source: 'XL', target: 'XL', translate: false, bounding_box: box(10, 200, 60, 240) },
  ],
  protectedRegions: [[200, 200, 300, 300]],
});
const logo: Rect = [400, 400, 480, 460];
const run = (...actions: ImageReviewAction[]): ImageReviewState => actions.reduce(reduce, init);

describe('image review state', () => {
  it('starts as the product stores it: nothing to apply, nothing to save', () => {
    expect(reviewView(image, init)).toMatchObject({
      regions: [[200, 200, 300, 300]],
      marksChanged: false,
      textChanged: false,
      drawn: [[200, 200, 300, 300]],
    });
    expect([...reviewView(image, init).marks]).toEqual([]);
  });

  it('editLine: an edited Korean line can be applied; typing the stored text back cannot', () => {
    expect(reviewView(image, run({ type: 'editLine', index: 0, text: '원목 의자' })).textChanged).toBe(true);
    expect(reviewView(image, run({ type: 'editLine', index: 0, text: '원목' })).textChanged).toBe(false);
  });

  it('toggleLine: protects a line (its box becomes a region), and again unprotects it', () => {
    const on = run({ type: 'toggleLine', image, index: 1 });
    expect([...reviewView(image, on).marks]).toEqual([1]);
    expect(reviewView(image, on).marksChanged).toBe(true);
    const off = reduce(on, { type: 'toggleLine', image, index: 1 });
    expect([...reviewView(image, off).marks]).toEqual([]);
    expect(reviewView(image, off).marksChanged).toBe(false);
  });

  it('drawRegion adds a drawn region; clearDrawn removes the drawn ones and keeps line regions', () => {
    const s = run({ type: 'toggleLine', image, index: 0 }, { type: 'drawRegion', image, region: logo });
    expect(reviewView(image, s).drawn).toEqual([[200, 200, 300, 300], logo]);
    const cleared = reduce(s, { type: 'clearDrawn', image });
    expect(reviewView(image, cleared).regions).toEqual([[10, 10, 100, 40]]);
    expect([...reviewView(image, cleared).marks]).toEqual([0]);
  });

  it('reset: back to the stored image (after a save, or when the modal closes)', () => {
    const s = run({ type: 'editLine', index: 0, text: 'x' }, { type: 'drawRegion', image, region: logo });
    expect(reduce(s, { type: 'reset' })).toEqual(init);
  });

  it('without an image the view is empty', () => {
    expect(reviewView(null, init)).toMatchObject({ lines: [], regions: [], drawn: [], marksChanged: false });
  });
});
