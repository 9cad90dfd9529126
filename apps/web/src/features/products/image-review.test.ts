import { describe, expect, it } from 'vitest';
import {
  drawnRegions,
  editedItems,
  hasTextChanges,
  isLineProtected,
  type Rect,
  regionOfDrag,
  reviewImageOf,
  sameRegions,
  toggleLineProtection,
} from './image-review';

const box = (x0: number, y0: number, x1: number, y1: number) => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

const mainStatus = {
  status: 'completed',
  image: '/files/c/src-main.jpg',
  processedImage: '/files/c/main-1.jpg',
  requestId: 'REQ-1',
  textAreas: [
    {
      source: '北欧实木小圆凳',
      target: '북유럽풍 원목',
      translate: true,
      bounding_box: box(182, 30, 618, 87),
    },
    { source: 'XL', target: 'XL', translate: false, bounding_box: box(10, 700, 60, 740) },
    { source: 'broken', bounding_box: 'no box' },
  ],
  protectedRegions: [[180, 28, 620, 90]],
};

describe('reviewImageOf', () => {
  it('reads a main image status: source, result, lines with boxes, protected regions', () => {
    const r = reviewImageOf('main', 0, mainStatus);
    expect(r.original).toBe('/files/c/src-main.jpg');
    expect(r.processed).toBe('/files/c/main-1.jpg');
    expect(r.requestId).toBe('REQ-1');
    expect(r.processType).toBe('completed');
    expect(r.lines.map((l) => [l.source, l.target, l.translate])).toEqual([
      ['北欧实木小圆凳', '북유럽풍 원목', true],
      ['XL', 'XL', false],
    ]);
    expect(r.protectedRegions).toEqual([[180, 28, 620, 90]]);
  });

  it('reads a detail record, and a result equal to its original is no result', () => {
    const r = reviewImageOf('detail', 2, {
      url: '/files/c/d.jpg',
      originalUrl: '/files/c/d.jpg',
      processType: 'original',
    });
    expect(r.original).toBe('/files/c/d.jpg');
    expect(r.processed).toBeUndefined();
    expect(r.processType).toBe('original');
    expect(r.lines).toEqual([]);
  });

  it('a plain URL entry is its own source', () => {
    const r = reviewImageOf('additional', 0, '/files/c/a.jpg');
    expect(r.original).toBe('/files/c/a.jpg');
    expect(r.processed).toBeUndefined();
  });
});

describe('edits and protection', () => {
  const { lines, protectedRegions } = reviewImageOf('main', 0, mainStatus);

  it('sends every line, with the seller text where edited', () => {
    const items = editedItems(lines, { 0: '튼튼한 원목 의자' });
    expect(items.map((i) => i.target)).toEqual(['튼튼한 원목 의자', 'XL']);
    expect(items[0]?.bounding_box).toEqual(box(182, 30, 618, 87));
    expect(hasTextChanges(lines, { 0: '튼튼한 원목 의자' })).toBe(true);
    expect(hasTextChanges(lines, { 0: '북유럽풍 원목' })).toBe(false);
    expect(hasTextChanges(lines, {})).toBe(false);
  });

  it('a line is protected when its centre is inside a region', () => {
    expect(isLineProtected(lines[0]!, protectedRegions)).toBe(true);
    expect(isLineProtected(lines[1]!, protectedRegions)).toBe(false);
  });

  it('protecting a line adds its box; unprotecting removes the regions that hold it', () => {
    const withBox = toggleLineProtection(lines, [], 1);
    expect(withBox).toEqual([[10, 700, 60, 740]]);
    expect(isLineProtected(lines[1]!, withBox)).toBe(true);
    expect(toggleLineProtection(lines, withBox, 1)).toEqual([]);
    // A drawn region elsewhere is kept when a line is unprotected.
    const stored: Rect[] = [
      [180, 28, 620, 90],
      [300, 300, 400, 400],
    ];
    expect(toggleLineProtection(lines, stored, 0)).toEqual([[300, 300, 400, 400]]);
  });

  it('unprotecting one line of a region that holds two keeps the other line protected by its box', () => {
    const both: Rect[] = [[0, 0, 800, 800]];
    const next = toggleLineProtection(lines, both, 0);
    expect(next).toEqual([[10, 700, 60, 740]]);
    expect(isLineProtected(lines[0]!, next)).toBe(false);
    expect(isLineProtected(lines[1]!, next)).toBe(true);
  });

  it('drawn regions are the ones that hold no line', () => {
    const regions: Rect[] = [
      [180, 28, 620, 90],
      [300, 300, 400, 400],
    ];
    expect(drawnRegions(lines, regions)).toEqual([[300, 300, 400, 400]]);
  });

  it('a drag draws a region in image pixels, clamped to the image; a click draws none', () => {
    const size = { width: 800, height: 800 };
    expect(regionOfDrag([500.4, 420], [300, 310.6], size)).toEqual([300, 311, 500, 420]);
    expect(regionOfDrag([700, 700], [900, -20], size)).toEqual([700, 0, 800, 700]);
    expect(regionOfDrag([100, 100], [103, 180], size)).toBeUndefined();
  });

  it('regions compare without order', () => {
    expect(
      sameRegions(
        [
          [1, 2, 3, 4],
          [5, 6, 7, 8],
        ],
        [
          [5, 6, 7, 8],
          [1, 2, 3, 4],
        ],
      ),
    ).toBe(true);
    expect(sameRegions([[1, 2, 3, 4]], [])).toBe(false);
  });
});
