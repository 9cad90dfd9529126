import { createCanvas } from '@napi-rs/canvas';
import { IMAGE_LIMITS, SIZE_CHART_FALLBACK_TEXT, type SizeChart } from '@rr/domain';
import { registerFonts } from '../translate/render.ts';
import { font, wrapText } from './draw-text.ts';

// The size chart image (W §9 Images: rendered at scale 2 with 600 px width; fallback 600×300 PNG).

const WIDTH = IMAGE_LIMITS.sizeChartRenderWidth;
const SCALE = IMAGE_LIMITS.sizeChartRenderScale;
const PAD = 20;
const NAME_COL = 120;
const ROW = 34;
const TEXT_SIZE = 14;

/** The chart as a table: a header of sizes, one row per measurement, the unit in the title. */
export function renderSizeChart(chart: SizeChart, title = '사이즈표'): Buffer {
  if (chart.sizes.length === 0 || chart.measurements.length === 0) throw new Error('empty size chart');
  registerFonts();
  const measure = createCanvas(10, 10).getContext('2d');
  measure.font = font(TEXT_SIZE, true);
  const nameLines = chart.measurements.map((m) =>
    wrapText(measure, m.unit && m.unit !== chart.sizeUnits ? `${m.name} (${m.unit})` : m.name, NAME_COL - 12),
  );
  const titleHeight = 40;
  const rowHeights = nameLines.map((lines) => Math.max(ROW, lines.length * 18 + 14));
  const height = PAD * 2 + titleHeight + ROW + rowHeights.reduce((a, b) => a + b, 0);
  const cell = (WIDTH - PAD * 2 - NAME_COL) / chart.sizes.length;

  const canvas = createCanvas(WIDTH * SCALE, height * SCALE);
  const ctx = canvas.getContext('2d');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = '#111111';
  ctx.textBaseline = 'middle';
  ctx.font = font(18, true);
  ctx.fillText(`${title} (단위: ${chart.sizeUnits})`, PAD, PAD + 14);

  const top = PAD + titleHeight;
  const drawCell = (text: string, x: number, y: number, w: number, h: number, head: boolean) => {
    ctx.fillStyle = head ? '#f1f3f5' : '#ffffff';
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = '#adb5bd';
    ctx.lineWidth = 1;
    ctx.strokeRect(x, y, w, h);
    ctx.fillStyle = '#111111';
    ctx.font = font(TEXT_SIZE, head);
    const fitted = fitWidth(ctx, text, w - 8);
    ctx.textAlign = 'center';
    ctx.fillText(fitted, x + w / 2, y + h / 2);
    ctx.textAlign = 'left';
  };
  drawCell('구분', PAD, top, NAME_COL, ROW, true);
  for (const [i, s] of chart.sizes.entries()) drawCell(s, PAD + NAME_COL + i * cell, top, cell, ROW, true);
  let y = top + ROW;
  chart.measurements.forEach((m, r) => {
    const h = rowHeights[r]!;
    ctx.fillStyle = '#f8f9fa';
    ctx.fillRect(PAD, y, NAME_COL, h);
    ctx.strokeStyle = '#adb5bd';
    ctx.strokeRect(PAD, y, NAME_COL, h);
    ctx.fillStyle = '#111111';
    ctx.font = font(TEXT_SIZE, true);
    const lines = nameLines[r]!;
    for (const [k, line] of lines.entries())
      ctx.fillText(line, PAD + 6, y + h / 2 + (k - (lines.length - 1) / 2) * 18);
    for (const [i, _] of chart.sizes.entries())
      drawCell(m.values[i] ?? '-', PAD + NAME_COL + i * cell, y, cell, h, false);
    y += h;
  });
  return canvas.toBuffer('image/png');
}

/** W §9 fallback size chart image: 600×300 PNG saying 상세페이지 참조. */
export function renderSizeChartFallback(): Buffer {
  registerFonts();
  const w = IMAGE_LIMITS.sizeChartFallbackWidth;
  const h = IMAGE_LIMITS.sizeChartFallbackHeight;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = '#adb5bd';
  ctx.strokeRect(10, 10, w - 20, h - 20);
  ctx.fillStyle = '#111111';
  ctx.font = font(28, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(`사이즈: ${SIZE_CHART_FALLBACK_TEXT}`, w / 2, h / 2);
  return canvas.toBuffer('image/png');
}

function fitWidth(ctx: { measureText(t: string): { width: number } }, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let out = text;
  while (out.length > 1 && ctx.measureText(`${out}…`).width > max) out = out.slice(0, -1);
  return `${out}…`;
}
