import { createCanvas } from '@napi-rs/canvas';
import { registerFonts } from '../translate/render.ts';
import { font, wrapText } from './draw-text.ts';

// The Korean label image (W §4 Korean label; §7 "HTML-to-image for labels"): a bordered table of
// the label's rows drawn with the bundled Pretendard font, 400 px wide at scale 2, PNG.

export type LabelRow = { name: string; value: string };

const WIDTH = 400;
const SCALE = 2;
const PAD = 16;
const NAME_COL = 96;
const TITLE_SIZE = 20;
const TEXT_SIZE = 14;
const LINE = 20;
/** At scale 2 this keeps the image ≥ 400 px a side, so the upload rule does not fit it onto 800×800. */
const MIN_HEIGHT = 200;

export function renderKoreanLabel(title: string, rows: readonly LabelRow[]): Buffer {
  registerFonts();
  const measure = createCanvas(10, 10).getContext('2d');
  measure.font = font(TEXT_SIZE);
  const valueWidth = WIDTH - PAD * 2 - NAME_COL - 16;
  const laidOut = rows.map((r) => ({ ...r, lines: wrapText(measure, r.value, valueWidth) }));
  const titleHeight = TITLE_SIZE + 20;
  const bodyHeight = laidOut.reduce((h, r) => h + r.lines.length * LINE + 12, 0);
  const height = Math.max(MIN_HEIGHT, PAD * 2 + titleHeight + bodyHeight);

  const canvas = createCanvas(WIDTH * SCALE, height * SCALE);
  const ctx = canvas.getContext('2d');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.strokeStyle = '#222222';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(PAD / 2, PAD / 2, WIDTH - PAD, height - PAD);

  ctx.fillStyle = '#111111';
  ctx.textBaseline = 'top';
  ctx.font = font(TITLE_SIZE, true);
  ctx.fillText(title, PAD, PAD);
  let y = PAD + titleHeight;
  ctx.lineWidth = 1;
  for (const row of laidOut) {
    ctx.strokeStyle = '#cccccc';
    ctx.beginPath();
    ctx.moveTo(PAD, y - 6);
    ctx.lineTo(WIDTH - PAD, y - 6);
    ctx.stroke();
    ctx.font = font(TEXT_SIZE, true);
    ctx.fillText(row.name, PAD, y);
    ctx.font = font(TEXT_SIZE);
    for (const [i, line] of row.lines.entries()) ctx.fillText(line, PAD + NAME_COL + 16, y + i * LINE);
    y += row.lines.length * LINE + 12;
  }
  return canvas.toBuffer('image/png');
}
