import { describe, expect, it } from 'vitest';
import {
  detailPageOf,
  initialArrangement,
  isRearranged,
  keptOrder,
  move,
  detailPageReducer as reduce,
  shownArrangement,
  toggleDropped,
} from './detail-page-state';

const product = {
  detailImages: [
    { url: '/f/d1-tr.jpg', originalUrl: '/f/d1.jpg', processType: 'translated' },
    '/f/d2.jpg',
    { url: '/f/d3.jpg', originalUrl: '/f/d3.jpg', processType: 'error' },
    { nothing: true },
  ],
  detailImageStatusObj: {
    status: 'completed',
    images: [
      { url: '/f/top.jpg', name: 'topimage', processType: 'original' },
      { url: '/f/d1-tr.jpg', name: 'x' },
      { url: '/f/bottom.jpg', name: 'bottomimage', processType: 'original' },
    ],
    merged: { url: '/f/merged.jpg', dimensions: { width: 800, height: 3000 }, filesize: '412.3 KB' },
  },
  finalDetailImage: '/f/merged.jpg',
};

describe('detailPageOf', () => {
  it('reads contents, frame images and the merged page', () => {
    const v = detailPageOf(product);
    expect(v.entries.map((e) => [e.index, e.url, e.processType])).toEqual([
      [0, '/f/d1-tr.jpg', 'translated'],
      [1, '/f/d2.jpg', undefined],
      [2, '/f/d3.jpg', 'error'],
    ]);
    expect(v.top).toBe('/f/top.jpg');
    expect(v.bottom).toBe('/f/bottom.jpg');
    expect(v.merged).toEqual({ url: '/f/merged.jpg', width: 800, height: 3000, filesize: '412.3 KB' });
  });

  it('an empty merged image ("" = individual images used) is no merged page', () => {
    const v = detailPageOf({ detailImages: ['/f/a.jpg'], finalDetailImage: '' });
    expect(v.merged).toBeUndefined();
    expect(v.top).toBeUndefined();
  });
});

describe('arrangement', () => {
  const view = detailPageOf(product);

  it('moves up and down, never past the ends', () => {
    const a = initialArrangement(view);
    expect(move(a, 0, -1).order).toEqual([0, 1, 2]);
    expect(move(a, 2, 1).order).toEqual([0, 1, 2]);
    expect(move(a, 2, -1).order).toEqual([0, 2, 1]);
    expect(move(a, 0, 1).order).toEqual([1, 0, 2]);
  });

  it('sends the kept images in page order and knows when nothing changed', () => {
    let a = initialArrangement(view);
    expect(isRearranged(a, view)).toBe(false);
    a = toggleDropped(move(a, 2, -1), 1);
    expect(keptOrder(a)).toEqual([0, 2]);
    expect(isRearranged(a, view)).toBe(true);
    expect(keptOrder(toggleDropped(a, 1))).toEqual([0, 2, 1]);
  });
});

describe('detail page screen state', () => {
  const view = detailPageOf(product);

  it('starts with the stored order; move and toggleDropped arrange it; reset goes back', () => {
    expect(shownArrangement(null, view).order).toEqual([0, 1, 2]);
    let s = reduce(null, { type: 'move', view, position: 2, step: -1 });
    s = reduce(s, { type: 'toggleDropped', view, index: 0 });
    expect(shownArrangement(s, view)).toEqual({ order: [0, 2, 1], dropped: new Set([0]) });
    expect(reduce(s, { type: 'reset' })).toBeNull();
  });

  it('a new stored page (after a merge or a task) drops the old arrangement', () => {
    const s = reduce(null, { type: 'toggleDropped', view, index: 1 });
    const merged = detailPageOf({ ...product, detailImages: ['/f/n1.jpg', '/f/n2.jpg'] });
    expect(shownArrangement(s, merged)).toEqual({ order: [0, 1], dropped: new Set() });
    // an edit on the new page starts from its stored order, not from the old arrangement
    const next = reduce(s, { type: 'move', view: merged, position: 0, step: 1 });
    expect(shownArrangement(next, merged)).toEqual({ order: [1, 0], dropped: new Set() });
  });
});
