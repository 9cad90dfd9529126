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
  const items = groups.map((g) => {
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
  alignWithNeighbours(items, groups);
  return items;
}

/**
 * A single line says little about its alignment: one off the image's margins is guessed centred.
 * Lines of the same column (at most three line heights above or below) say more: a guessed-centred
 * line sharing its left edge (within a quarter of a line height) with another line whose centre is
 * clearly elsewhere (half a line height) is left-aligned, unless some line shares its centre but not
 * its left edge; likewise right.
 */
function alignWithNeighbours(items: OcrItem[], groups: OcrLine[][]): void {
  const boxes = items.map((it) => boxOfPoints(it.bounding_box));
  const mid = (r: number[]) => (r[0]! + r[2]!) / 2;
  const decided = new Set<number>();
  // Second pass: a line of equal width beside a line found left- (right-) aligned follows it.
  for (const pass of [0, 1]) {
    items.forEach((item, i) => {
      if (groups[i]!.length > 1 || item.align !== 'center' || decided.has(i)) return;
      const b = boxes[i]!;
      const lineH = b[3] - b[1];
      const near = (u: number, v: number) => Math.abs(u - v) < lineH / 4;
      const far = (u: number, v: number) => Math.abs(u - v) > lineH / 2;
      const others = boxes
        .map((o, j) => ({ o, j }))
        .filter(({ o, j }) => j !== i && o[1] - b[3] < 3 * lineH && b[1] - o[3] < 3 * lineH);
      if (others.some(({ o }) => near(mid(o), mid(b)) && !near(o[0], b[0]))) return;
      const shares = (edge: 0 | 2, align: TextAlign) =>
        others.some(
          ({ o, j }) =>
            near(o[edge], b[edge]) && (far(mid(o), mid(b)) || (pass === 1 && items[j]!.align === align)),
        );
      const found = shares(0, 'left') ? 'left' : shares(2, 'right') ? 'right' : undefined;
      if (found && (pass === 0 || decided.size > 0)) {
        item.align = found;
        decided.add(i);
      }
    });
  }
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
