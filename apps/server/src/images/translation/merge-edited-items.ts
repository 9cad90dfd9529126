import { boxOfPoints, hasHan } from '../translate/items.ts';
import type { OcrItem, Quad, SourceLanguage, TextAlign } from '../translate/types.ts';

/** A line as a client sends it back edited: the spec's fields, the rest taken from the stored line. */
export type EditedOcrItem = {
  source: string;
  target: string;
  bounding_box: Quad;
  font_size?: number | string | undefined;
  align?: TextAlign | undefined;
  line_count?: number | undefined;
  color?: string | undefined;
};

/** Boxes whose four edges differ by less than this many pixels in total are the same line. */
const SAME_BOX_PX = 8;

/**
 * Edited OCR items keep what the client may not send back (colour, weight, whether the line was
 * translated) from the stored item with the same box; lines without source-language text are not
 * redrawn.
 */
export function mergeEditedItems(
  edited: EditedOcrItem[],
  stored: OcrItem[],
  lang: SourceLanguage,
): OcrItem[] {
  return edited.map((e) => {
    const box = boxOfPoints(e.bounding_box);
    const s = stored.find((x) => {
      const b = boxOfPoints(x.bounding_box);
      return (
        Math.abs(b[0] - box[0]) +
          Math.abs(b[1] - box[1]) +
          Math.abs(b[2] - box[2]) +
          Math.abs(b[3] - box[3]) <
        SAME_BOX_PX
      );
    });
    const translate = s?.translate ?? (lang === 'CHN' ? hasHan(e.source) : true);
    return {
      ...s,
      ...e,
      align: e.align ?? s?.align ?? 'center',
      line_count: e.line_count ?? s?.line_count ?? 1,
      font_size: Number(e.font_size ?? s?.font_size ?? 30) || 30,
      translate,
      ...((e.color ?? s?.color) ? { color: e.color ?? s?.color } : {}),
    };
  });
}
