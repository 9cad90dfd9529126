import { describe, expect, it } from 'vitest';
import {
  editedItems,
  hasTextChanges,
  isLineProtected,
  protectedRegionsFor,
  reviewImageOf,
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

  it('regions: marked lines become their boxes; an unmarked line loses its region; regions elsewhere stay', () => {
    const stored: [number, number, number, number][] = [
      [180, 28, 620, 90],
      [300, 300, 400, 400],
    ];
    expect(protectedRegionsFor(lines, new Set([1]), stored)).toEqual([
      [300, 300, 400, 400],
      [10, 700, 60, 740],
    ]);
    expect(protectedRegionsFor(lines, new Set(), [])).toEqual([]);
  });
});
