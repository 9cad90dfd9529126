/**
 * Synthetic 1688-style images with known Chinese text, drawn with a Simplified Chinese font that ships
 * in npm (@expo-google-fonts/noto-sans-sc), so any machine can run the tests.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const fontRoot = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
let registered = false;
function registerFonts(): void {
  if (registered) return;
  GlobalFonts.registerFromPath(path.join(fontRoot, '400Regular/NotoSansSC_400Regular.ttf'), 'TestSC');
  GlobalFonts.registerFromPath(path.join(fontRoot, '700Bold/NotoSansSC_700Bold.ttf'), 'TestSCBold');
  registered = true;
}

export type SceneLine = { text: string; box: [number, number, number, number]; size: number };
export type Scene = { name: string; png: Buffer; width: number; height: number; lines: SceneLine[] };

const HAN = /\p{Script=Han}/u;
export const hasHan = (s: string) => HAN.test(s);

function drawLine(
  ctx: SKRSContext2D,
  lines: SceneLine[],
  text: string,
  x: number,
  y: number,
  size: number,
  color: string,
  opts: { bold?: boolean; align?: 'left' | 'center' } = {},
): void {
  ctx.font = `${size}px ${opts.bold ? 'TestSCBold' : 'TestSC'}`;
  ctx.fillStyle = color;
  ctx.textBaseline = 'top';
  const w = ctx.measureText(text).width;
  const left = opts.align === 'center' ? x - w / 2 : x;
  ctx.fillText(text, left, y);
  lines.push({ text, box: [left, y, left + w, y + size * 1.1], size });
}

/** Seeded pseudo-random numbers (mulberry32) so every run draws the same picture. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Flat white background, a product shape, a red banner with white text, a price line without Chinese. */
export function flatScene(): Scene {
  registerFonts();
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext('2d');
  const lines: SceneLine[] = [];
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 800, 800);
  ctx.fillStyle = '#4a90d9';
  ctx.beginPath();
  ctx.arc(400, 430, 170, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#d62828';
  ctx.fillRect(0, 0, 800, 110);
  drawLine(ctx, lines, '新款高品质收纳盒', 400, 25, 56, '#ffffff', { bold: true, align: 'center' });
  drawLine(ctx, lines, '大容量 防水 耐用', 400, 150, 40, '#222222', { align: 'center' });
  drawLine(ctx, lines, '多种颜色可选', 60, 640, 34, '#333333');
  drawLine(ctx, lines, '包邮 现货', 60, 700, 34, '#d62828', { bold: true });
  drawLine(ctx, lines, '30x20x10cm', 520, 700, 32, '#333333');
  return { name: 'flat', png: canvas.toBuffer('image/png'), width: 800, height: 800, lines };
}

/** Gradient with noise and soft blobs (photo-like), dark and light text. */
export function texturedScene(): Scene {
  registerFonts();
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext('2d');
  const lines: SceneLine[] = [];
  const g = ctx.createLinearGradient(0, 0, 800, 800);
  g.addColorStop(0, '#f6e7c8');
  g.addColorStop(1, '#b7d3e8');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 800, 800);
  const rand = rng(7);
  for (let i = 0; i < 14; i++) {
    ctx.fillStyle = `rgba(${Math.floor(rand() * 255)},${Math.floor(rand() * 255)},${Math.floor(rand() * 255)},0.18)`;
    ctx.beginPath();
    ctx.arc(rand() * 800, 260 + rand() * 300, 40 + rand() * 90, 0, Math.PI * 2);
    ctx.fill();
  }
  const img = ctx.getImageData(0, 0, 800, 800);
  for (let i = 0; i < img.data.length; i += 4) {
    const n = (rand() - 0.5) * 16;
    img.data[i] = Math.max(0, Math.min(255, img.data[i]! + n));
    img.data[i + 1] = Math.max(0, Math.min(255, img.data[i + 1]! + n));
    img.data[i + 2] = Math.max(0, Math.min(255, img.data[i + 2]! + n));
  }
  ctx.putImageData(img, 0, 0);
  drawLine(ctx, lines, '舒适透气 柔软亲肤', 400, 60, 52, '#1d3557', { bold: true, align: 'center' });
  drawLine(ctx, lines, '优质面料 时尚百搭', 400, 140, 38, '#2b2d42', { align: 'center' });
  drawLine(ctx, lines, '适用于家庭 办公室', 70, 620, 32, '#3d405b');
  drawLine(ctx, lines, '买二送一', 70, 690, 44, '#c1121f', { bold: true });
  return { name: 'textured', png: canvas.toBuffer('image/png'), width: 800, height: 800, lines };
}

/** A 790×2000 detail page: headings, body text, small notes and a size table. */
export function detailScene(): Scene {
  registerFonts();
  const W = 790;
  const H = 2000;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const lines: SceneLine[] = [];
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#f1f1f1';
  ctx.fillRect(0, 0, W, 260);
  drawLine(ctx, lines, '产品详情', W / 2, 60, 56, '#111111', { bold: true, align: 'center' });
  drawLine(ctx, lines, '精选优质材料 安全环保', W / 2, 150, 36, '#444444', { align: 'center' });
  ctx.fillStyle = '#e9c46a';
  ctx.fillRect(95, 320, 600, 520);
  drawLine(ctx, lines, '细节展示', 60, 900, 44, '#222222', { bold: true });
  drawLine(ctx, lines, '做工精细 线条流畅', 60, 980, 28, '#333333');
  drawLine(ctx, lines, '加厚材质 不易变形', 60, 1030, 28, '#333333');
  drawLine(ctx, lines, '温馨提示：手工测量存在误差', 60, 1080, 20, '#666666');
  drawLine(ctx, lines, '尺码表', W / 2, 1200, 44, '#111111', { bold: true, align: 'center' });
  const cols = ['尺码', '胸围', '衣长', '袖长'];
  const rows = [
    ['S', '96', '66', '58'],
    ['M', '100', '68', '59'],
    ['L', '104', '70', '60'],
    ['XL', '108', '72', '61'],
  ];
  const x0 = 75;
  const y0 = 1290;
  const cw = 160;
  const rh = 60;
  ctx.strokeStyle = '#999999';
  ctx.lineWidth = 2;
  for (let r = 0; r <= rows.length + 1; r++) {
    ctx.beginPath();
    ctx.moveTo(x0, y0 + r * rh);
    ctx.lineTo(x0 + cw * 4, y0 + r * rh);
    ctx.stroke();
  }
  for (let c = 0; c <= 4; c++) {
    ctx.beginPath();
    ctx.moveTo(x0 + c * cw, y0);
    ctx.lineTo(x0 + c * cw, y0 + rh * (rows.length + 1));
    ctx.stroke();
  }
  for (const [c, t] of cols.entries()) {
    drawLine(ctx, lines, t, x0 + c * cw + cw / 2, y0 + 14, 28, '#111111', { align: 'center' });
  }
  for (const [r, row] of rows.entries()) {
    for (const [c, t] of row.entries()) {
      drawLine(ctx, lines, t, x0 + c * cw + cw / 2, y0 + (r + 1) * rh + 15, 26, '#333333', {
        align: 'center',
      });
    }
  }
  drawLine(ctx, lines, '单位：厘米', x0, y0 + rh * 5 + 20, 22, '#666666');
  ctx.fillStyle = '#264653';
  ctx.fillRect(0, 1850, W, 110);
  drawLine(ctx, lines, '感谢您的光临', W / 2, 1880, 40, '#ffffff', { align: 'center' });
  return { name: 'detail', png: canvas.toBuffer('image/png'), width: W, height: H, lines };
}

/**
 * One line per rendering case, on white, each with its own size, colour and weight (800×1000):
 * a short line; a line with free space below it (a long translation wraps there); a line pressed
 * between two lines without Chinese (kept as they are, so a long translation must shrink); a bold
 * centred line.
 */
export function layoutScene(): Scene {
  registerFonts();
  const canvas = createCanvas(800, 1000);
  const ctx = canvas.getContext('2d');
  const lines: SceneLine[] = [];
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 800, 1000);
  drawLine(ctx, lines, '收纳盒', 60, 60, 40, '#222222');
  drawLine(ctx, lines, '防水耐用不易变形', 60, 200, 36, '#1d3557');
  drawLine(ctx, lines, 'SIZE 30x20x10cm', 60, 552, 30, '#555555');
  drawLine(ctx, lines, '包邮现货', 60, 600, 34, '#d62828');
  drawLine(ctx, lines, 'MODEL AB-1234', 60, 650, 30, '#555555');
  drawLine(ctx, lines, '新品上市', 400, 820, 48, '#2a9d8f', { bold: true, align: 'center' });
  return { name: 'layout', png: canvas.toBuffer('image/png'), width: 800, height: 1000, lines };
}
