import { fireEvent, render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import '../../app/i18n';
import { OcrOverlay } from './image-panel';
import type { OcrItem } from './ocr-logic';

const item = (source: string, box: OcrItem['bounding_box'], over: Partial<OcrItem> = {}): OcrItem => ({
  source,
  target: '',
  font_size: 30,
  bounding_box: box,
  align: 'left',
  line_count: 1,
  ...over,
});

it('draws one numbered polygon per OCR item in the image pixels, and reports hover and clicks', () => {
  const items = [
    item('新款收纳盒', [
      [100, 20],
      [300, 20],
      [300, 70],
      [100, 70],
    ]),
    item(
      '30x20cm',
      [
        [500, 700],
        [640, 705],
        [638, 740],
        [498, 735],
      ],
      { translate: false },
    ),
  ];
  const onHover = vi.fn();
  const onSelect = vi.fn();
  const { container } = render(
    <OcrOverlay items={items} width={800} height={800} active={1} onHover={onHover} onSelect={onSelect} />,
  );
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('viewBox')).toBe('0 0 800 800');
  const polygons = Array.from(container.querySelectorAll('polygon'));
  expect(polygons.map((p) => p.getAttribute('points'))).toEqual([
    '100,20 300,20 300,70 100,70',
    '500,700 640,705 638,740 498,735',
  ]);
  expect(Array.from(container.querySelectorAll('text')).map((t) => t.textContent)).toEqual(['1', '2']);
  // The kept line (no Chinese) and the active one are styled apart from the others.
  expect(polygons[1]!.getAttribute('class')).not.toBe(polygons[0]!.getAttribute('class'));
  expect(polygons[0]!.getAttribute('aria-label')).toBe('1. 新款收纳盒');

  fireEvent.mouseEnter(polygons[0]!);
  expect(onHover).toHaveBeenLastCalledWith(0);
  fireEvent.click(polygons[1]!);
  expect(onSelect).toHaveBeenLastCalledWith(1);
  fireEvent.keyDown(polygons[0]!, { key: 'Enter' });
  expect(onSelect).toHaveBeenLastCalledWith(0);
});
