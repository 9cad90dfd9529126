import { describe, expect, it } from 'vitest';
import { recordToPair } from './image-records';
import { ocrBoxes } from './ocr-boxes';

describe('image records', () => {
  it('reads OCR boxes from translationData items, textAreas and rectangles', () => {
    const boxes = ocrBoxes({
      translationData: [
        {
          source: '冰丝',
          bounding_box: [
            [10, 10],
            [50, 10],
            [50, 30],
            [10, 30],
          ],
        },
        { source: 'x', bounding_box: 'not a box' },
      ],
      textAreas: [{ x: 1, y: 2, width: 3, height: 4 }],
    });
    expect(boxes).toEqual([
      [
        [10, 10],
        [50, 10],
        [50, 30],
        [10, 30],
      ],
      [
        [1, 2],
        [4, 2],
        [4, 6],
        [1, 6],
      ],
    ]);
    expect(ocrBoxes({ translationData: { items: [{ box: [0, 0, 1, 0, 1, 1, 0, 1] }] } })).toHaveLength(1);
    expect(ocrBoxes(null)).toEqual([]);
    expect(ocrBoxes({ textAreas: [{ box: [1, 2] }] })).toEqual([]);
  });

  it('turns a processed image record into before/after, and a bare URL into a processed image', () => {
    const pair = recordToPair(
      {
        url: '/files/a-ko.jpg',
        originalUrl: '/files/a.jpg',
        filesize: 2048,
        dimensions: { width: 800, height: 600 },
      },
      '1',
      'x',
    );
    expect(pair.original?.url).toBe('/files/a.jpg');
    expect(pair.processed).toMatchObject({
      url: '/files/a-ko.jpg',
      filesize: 2048,
      dimensions: { width: 800, height: 600 },
    });
    const bare = recordToPair('/files/b-ko.jpg', '2', 'y', '/files/b.jpg');
    expect(bare.original?.url).toBe('/files/b.jpg');
    expect(bare.processed?.url).toBe('/files/b-ko.jpg');
    // Not processed yet: the same URL on both sides is no result.
    expect(recordToPair({ url: '/files/c.jpg', originalUrl: '/files/c.jpg' }, '3', 'z').processed).toBeNull();
  });
});
