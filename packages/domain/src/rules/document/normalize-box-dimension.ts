import { BOX_MIN_SIDE_MM, BOX_MIN_VOLUME_MM3, REGISTRATION_DEFAULTS } from '../../constants.ts';

const DIMENSION = /^\s*(\d+(?:\.\d+)?)\s*\*\s*(\d+(?:\.\d+)?)\s*\*\s*(\d+(?:\.\d+)?)\s*$/;

/** Parses `n*n*n` (mm) into three sides, or null when it does not look like that. */
export function parseBoxDimension(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string') return null;
  const m = DIMENSION.exec(value);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** W §5 / Q §5: number*number*number, each side ≥ 10 mm, volume ≥ 1000 mm³. */
export function isValidBoxDimension(value: unknown): boolean {
  const sides = parseBoxDimension(value);
  if (!sides) return false;
  const [a, b, c] = sides;
  return (
    a >= BOX_MIN_SIDE_MM && b >= BOX_MIN_SIDE_MM && c >= BOX_MIN_SIDE_MM && a * b * c >= BOX_MIN_VOLUME_MM3
  );
}

/** W §5: a valid dimension is kept (spaces removed); anything else resets to 100*100*100. */
export function normalizeBoxDimension(value: unknown): string {
  const sides = parseBoxDimension(value);
  return sides && isValidBoxDimension(value) ? sides.join('*') : REGISTRATION_DEFAULTS.boxDimension;
}
