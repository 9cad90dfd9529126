import { isRecord, type Quad } from '@rr/domain';
import { toBox } from '../../shared/images/quad';

const LIST_KEYS = ['items', 'textItems', 'ocrResults', 'textAreas', 'results'];

/**
 * The OCR boxes a processed image record carries: translationData (a list, or an object holding one),
 * textAreas or ocrInfo, each item with bounding_box / boundingBox / box / bbox (or being the box itself).
 */
export function ocrBoxes(record: unknown): Quad[] {
  if (!isRecord(record)) return [];
  const lists: unknown[] = [];
  for (const source of [record.translationData, record.textAreas, record.ocrInfo]) {
    if (Array.isArray(source)) lists.push(...source);
    else if (isRecord(source)) {
      for (const k of LIST_KEYS) {
        const list = source[k];
        if (Array.isArray(list)) lists.push(...list);
      }
    }
  }
  const boxes: Quad[] = [];
  for (const item of lists) {
    const o: Record<string, unknown> = isRecord(item) ? item : {};
    const q = toBox(o.bounding_box ?? o.boundingBox ?? o.box ?? o.bbox ?? item);
    if (q) boxes.push(q);
  }
  return boxes;
}
