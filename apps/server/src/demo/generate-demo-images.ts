// Generates the demo products' images (JPEG, 800 px) with Chinese text, like real 1688 pictures.
// Run once: `npx tsx apps/server/src/demo/generate-demo-images.ts`; the files are committed fixtures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { DEMO_OFFERS, type DemoOffer } from './demo-offers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_IMAGE_DIR = path.join(here, 'fixtures/images');
const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
GlobalFonts.registerFromPath(path.join(fontDir, '700Bold/NotoSansSC_700Bold.ttf'), 'NotoSansSC-Bold');
GlobalFonts.registerFromPath(path.join(fontDir, '400Regular/NotoSansSC_400Regular.ttf'), 'NotoSansSC');

function drawShape(
  ctx: SKRSContext2D,
  shape: DemoOffer['art']['shape'],
  color: string,
  cx: number,
  cy: number,
  s: number,
) {
  ctx.fillStyle = color;
  ctx.strokeStyle = '#555';
  ctx.lineWidth = 4;
  ctx.beginPath();
  switch (shape) {
    case 'shirt':
      ctx.moveTo(cx - s * 0.5, cy - s * 0.45);
      ctx.lineTo(cx - s * 0.9, cy - s * 0.15);
      ctx.lineTo(cx - s * 0.7, cy + s * 0.05);
      ctx.lineTo(cx - s * 0.45, cy - s * 0.1);
      ctx.lineTo(cx - s * 0.45, cy + s * 0.6);
      ctx.lineTo(cx + s * 0.45, cy + s * 0.6);
      ctx.lineTo(cx + s * 0.45, cy - s * 0.1);
      ctx.lineTo(cx + s * 0.7, cy + s * 0.05);
      ctx.lineTo(cx + s * 0.9, cy - s * 0.15);
      ctx.lineTo(cx + s * 0.5, cy - s * 0.45);
      ctx.quadraticCurveTo(cx, cy - s * 0.2, cx - s * 0.5, cy - s * 0.45);
      break;
    case 'shoe':
      ctx.moveTo(cx - s * 0.8, cy + s * 0.3);
      ctx.lineTo(cx - s * 0.75, cy - s * 0.2);
      ctx.quadraticCurveTo(cx - s * 0.4, cy - s * 0.35, cx - s * 0.1, cy - s * 0.1);
      ctx.quadraticCurveTo(cx + s * 0.5, cy, cx + s * 0.85, cy + s * 0.2);
      ctx.lineTo(cx + s * 0.85, cy + s * 0.35);
      ctx.lineTo(cx - s * 0.8, cy + s * 0.35);
      break;
    case 'stool':
      ctx.ellipse(cx, cy - s * 0.3, s * 0.6, s * 0.15, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.beginPath();
      for (const dx of [-0.4, 0.4]) ctx.rect(cx + s * dx - 12, cy - s * 0.2, 24, s * 0.8);
      break;
    case 'spatula':
      ctx.roundRect(cx - s * 0.3, cy - s * 0.7, s * 0.6, s * 0.55, 30);
      ctx.rect(cx - 14, cy - s * 0.15, 28, s * 0.85);
      break;
    case 'puzzle':
      ctx.moveTo(cx, cy - s * 0.7);
      ctx.lineTo(cx + s * 0.25, cy + s * 0.6);
      ctx.lineTo(cx - s * 0.25, cy + s * 0.6);
      ctx.closePath();
      ctx.rect(cx - s * 0.45, cy + s * 0.55, s * 0.9, s * 0.1);
      break;
    case 'phone':
      ctx.roundRect(cx - s * 0.35, cy - s * 0.7, s * 0.7, s * 1.4, 50);
      break;
  }
  ctx.fill();
  ctx.stroke();
}

function mainImage(d: DemoOffer, colorIndex: number): Buffer {
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext('2d');
  const bg = ctx.createLinearGradient(0, 0, 0, 800);
  bg.addColorStop(0, '#fdf6ec');
  bg.addColorStop(1, '#f1e4d3');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, 800, 800);
  drawShape(ctx, d.art.shape, d.art.colors[colorIndex % d.art.colors.length]!, 400, 430, 300);
  ctx.fillStyle = '#d7261e';
  ctx.fillRect(0, 0, 800, 110);
  ctx.fillStyle = '#ffffff';
  ctx.font = '64px NotoSansSC-Bold';
  ctx.textAlign = 'center';
  ctx.fillText(d.art.headline, 400, 80);
  ctx.fillStyle = '#d7261e';
  ctx.beginPath();
  ctx.arc(690, 200, 70, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = '34px NotoSansSC-Bold';
  ctx.fillText('厂家', 690, 192);
  ctx.fillText('直销', 690, 232);
  ctx.fillStyle = '#333';
  ctx.font = '36px NotoSansSC';
  ctx.fillText(d.art.lines[0]!, 400, 760);
  return canvas.toBuffer('image/jpeg', 80);
}

function detailImage(d: DemoOffer): Buffer {
  const canvas = createCanvas(790, 1200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 790, 1200);
  ctx.fillStyle = '#222';
  ctx.fillRect(0, 0, 790, 160);
  ctx.fillStyle = '#f5c542';
  ctx.font = '60px NotoSansSC-Bold';
  ctx.textAlign = 'center';
  ctx.fillText('产品详情', 395, 105);
  d.art.colors.forEach((c, i) => {
    drawShape(ctx, d.art.shape, c, 160 + i * 240, 420, 150);
  });
  ctx.textAlign = 'left';
  d.art.lines.forEach((line, i) => {
    const y = 700 + i * 140;
    ctx.fillStyle = '#d7261e';
    ctx.beginPath();
    ctx.arc(90, y - 15, 28, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = '32px NotoSansSC-Bold';
    ctx.textAlign = 'center';
    ctx.fillText(String(i + 1), 90, y - 3);
    ctx.textAlign = 'left';
    ctx.fillStyle = '#222';
    ctx.font = '44px NotoSansSC-Bold';
    ctx.fillText(line, 150, y);
  });
  return canvas.toBuffer('image/jpeg', 80);
}

export function demoImageNames(d: DemoOffer): { main: string[]; detail: string } {
  const id = String(d.offer.offerId);
  return { main: d.art.colors.map((_c, i) => `${id}-main-${i + 1}.jpg`), detail: `${id}-detail-1.jpg` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  mkdirSync(DEMO_IMAGE_DIR, { recursive: true });
  for (const d of DEMO_OFFERS) {
    const names = demoImageNames(d);
    for (const [i, name] of names.main.entries())
      writeFileSync(path.join(DEMO_IMAGE_DIR, name), mainImage(d, i));
    writeFileSync(path.join(DEMO_IMAGE_DIR, names.detail), detailImage(d));
  }
  console.log(`wrote ${DEMO_OFFERS.length} products' images to ${DEMO_IMAGE_DIR}`);
}
