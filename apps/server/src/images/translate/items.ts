/**
 * From recognised lines to the spec's OCR items: which lines are translated (Chinese, or English
 * words for sourceLanguage ENG; sizes, numbers and prices are left as they are), paragraphs of
 * neighbouring lines merged into one item with its line count, alignment and font size estimated.
 */
import type { OcrItem, OcrLine, Point, SourceLanguage, TextAlign } from './types.ts';

const HAN = /\p{Script=Han}/u;
const ENGLISH_WORD = /[A-Za-z]{3,}/g;
const UNIT_WORDS = new Set(['cm', 'mm', 'kg', 'pcs', 'size', 'xxl', 'xxxl']);

export const hasHan = (s: string): boolean => HAN.test(s);

/** True when this line must be translated in the given source language. */
export function needsTranslation(text: string, lang: SourceLanguage): boolean {
  if (lang === 'CHN') return hasHan(text);
  if (hasHan(text)) return true;
  return (text.match(ENGLISH_WORD) ?? []).some((w) => !UNIT_WORDS.has(w.toLowerCase()));
}

/** Box height → font size in px (the detector's box is ≈ the glyph height plus a little). */
export const fontSizeOfHeight = (h: number): number => Math.max(8, Math.round(h * 1.05));

export function boxPoints(b: [number, number, number, number]): [Point, Point, Point, Point] {
  const r = (v: number) => Math.round(v);
  return [
    [r(b[0]), r(b[1])],
    [r(b[2]), r(b[1])],
    [r(b[2]), r(b[3])],
    [r(b[0]), r(b[3])],
  ];
}

export function boxOfPoints(p: [Point, Point, Point, Point]): [number, number, number, number] {
  const xs = p.map((q) => q[0]);
  const ys = p.map((q) => q[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Groups lines into items; `imageWidth` decides the alignment of single lines. */
export function toOcrItems(lines: OcrLine[], imageWidth: number, lang: SourceLanguage): OcrItem[] {
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const groups: OcrLine[][] = [];
  for (const line of sorted) {
    const tr = needsTranslation(line.text, lang);
    const g = tr && !line.vertical ? groups.find((grp) => joins(grp, line, lang)) : undefined;
    if (g) g.push(line);
    else groups.push([line]);
  }
  return groups.map((g) => {
    const box: [number, number, number, number] = [
      Math.min(...g.map((l) => l.box[0])),
      Math.min(...g.map((l) => l.box[1])),
      Math.max(...g.map((l) => l.box[2])),
      Math.max(...g.map((l) => l.box[3])),
    ];
    const lineH = g.reduce((s, l) => s + (l.box[3] - l.box[1]), 0) / g.length;
    const source = g.map((l) => l.text).join(lang === 'ENG' ? ' ' : '');
    return {
      source,
      target: '',
      font_size: fontSizeOfHeight(lineH),
      bounding_box: boxPoints(box),
      align: g.length > 1 ? alignOfLines(g, box, imageWidth) : alignOfLine(box, imageWidth),
      line_count: g.length,
      confidence: g.reduce((s, l) => s + l.confidence, 0) / g.length,
      translate: needsTranslation(source, lang),
    };
  });
}

/** A line joins a paragraph when it sits right below its last line, at a similar height, overlapping. */
function joins(group: OcrLine[], line: OcrLine, lang: SourceLanguage): boolean {
  const last = group[group.length - 1]!;
  if (!needsTranslation(last.text, lang)) return false;
  const h1 = last.box[3] - last.box[1];
  const h2 = line.box[3] - line.box[1];
  if (Math.max(h1, h2) / Math.min(h1, h2) > 1.2) return false;
  const gap = line.box[1] - last.box[3];
  if (gap < -0.2 * h1 || gap > 0.6 * h1) return false;
  const overlap = Math.min(last.box[2], line.box[2]) - Math.max(last.box[0], line.box[0]);
  if (overlap < 0.3 * Math.min(last.box[2] - last.box[0], line.box[2] - line.box[0])) return false;
  // Same alignment edge: left edges, centres or right edges within one line height.
  const tol = h1;
  const c1 = (last.box[0] + last.box[2]) / 2;
  const c2 = (line.box[0] + line.box[2]) / 2;
  return (
    Math.abs(last.box[0] - line.box[0]) < tol ||
    Math.abs(c1 - c2) < tol ||
    Math.abs(last.box[2] - line.box[2]) < tol
  );
}

function alignOfLines(g: OcrLine[], box: [number, number, number, number], W: number): TextAlign {
  const spread = (f: (l: OcrLine) => number) => {
    const v = g.map(f);
    return Math.max(...v) - Math.min(...v);
  };
  const l = spread((x) => x.box[0]);
  const c = spread((x) => (x.box[0] + x.box[2]) / 2);
  const r = spread((x) => x.box[2]);
  // Lines of (nearly) equal width say nothing: judge the block as one line.
  const h = (g[0]!.box[3] - g[0]!.box[1]) / 2;
  if (l < h && c < h && r < h) return alignOfLine(box, W);
  if (c <= l && c <= r) return 'center';
  return l <= r ? 'left' : 'right';
}

function alignOfLine(box: [number, number, number, number], W: number): TextAlign {
  const centre = (box[0] + box[2]) / 2;
  // Near a margin (and off the middle) → aligned to that margin; otherwise centred (titles, table cells).
  if (box[0] < 0.1 * W && centre < 0.45 * W) return 'left';
  if (W - box[2] < 0.1 * W && centre > 0.55 * W) return 'right';
  return 'center';
}
