import { isRecord, type Point, type Quad } from '@rr/domain';
import { toNumber } from '../values';

/**
 * Reading the four-point OCR boxes that answers and stored image records carry, for the image
 * translation screen and the product's images (one copy for both).
 */

function toPoint(v: unknown): Point | undefined {
  if (Array.isArray(v) && v.length >= 2) {
    const x = toNumber(v[0]);
    const y = toNumber(v[1]);
    return x !== undefined && y !== undefined ? [x, y] : undefined;
  }
  if (isRecord(v)) {
    const o = v;
    const x = toNumber(o.x ?? o.X);
    const y = toNumber(o.y ?? o.Y);
    return x !== undefined && y !== undefined ? [x, y] : undefined;
  }
  return undefined;
}

/**
 * A four-point box as the spec writes it: [[x,y]×4], [{x,y}×4] or eight flat numbers.
 * Undefined when it is not four valid points.
 */
export function toQuad(v: unknown): Quad | undefined {
  let pts: unknown[] | undefined;
  if (Array.isArray(v) && v.length === 8 && v.every((n) => toNumber(n) !== undefined)) {
    pts = [0, 2, 4, 6].map((i) => [v[i], v[i + 1]]);
  } else if (Array.isArray(v) && v.length === 4) pts = v;
  if (!pts) return undefined;
  const [a, b, c, d] = pts.map(toPoint);
  return a && b && c && d ? [a, b, c, d] : undefined;
}

const rectangle = (x: number, y: number, w: number, h: number): Quad => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/**
 * A box from what a stored image record may hold: a four-point box (`toQuad`), or a rectangle as
 * [x, y, width, height] or {x|left, y|top, width|w, height|h}.
 */
export function toBox(v: unknown): Quad | undefined {
  const quad = toQuad(v);
  if (quad) return quad;
  if (Array.isArray(v)) {
    const n = v.map(toNumber);
    const [x, y, w, h] = n;
    return n.length === 4 && x !== undefined && y !== undefined && w !== undefined && h !== undefined
      ? rectangle(x, y, w, h)
      : undefined;
  }
  if (isRecord(v)) {
    const o = v;
    const x = toNumber(o.x ?? o.left);
    const y = toNumber(o.y ?? o.top);
    const w = toNumber(o.width ?? o.w);
    const h = toNumber(o.height ?? o.h);
    if (x !== undefined && y !== undefined && w !== undefined && h !== undefined)
      return rectangle(x, y, w, h);
  }
  return undefined;
}
