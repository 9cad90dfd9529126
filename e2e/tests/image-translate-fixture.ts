import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/** An 800×800 1688-style picture with known Chinese lines, drawn with a font that ships in npm. */
export function chinesePng(): string {
  const fontRoot = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  GlobalFonts.registerFromPath(path.join(fontRoot, '700Bold/NotoSansSC_700Bold.ttf'), 'E2ESCBold');
  GlobalFonts.registerFromPath(path.join(fontRoot, '400Regular/NotoSansSC_400Regular.ttf'), 'E2ESC');
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 800, 800);
  ctx.fillStyle = '#2f9e44';
  ctx.fillRect(250, 300, 300, 260);
  ctx.fillStyle = '#d62828';
  ctx.fillRect(0, 0, 800, 120);
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#ffffff';
  ctx.font = '60px E2ESCBold';
  ctx.fillText('新款高品质收纳盒', 400, 28);
  ctx.fillStyle = '#222222';
  ctx.font = '44px E2ESC';
  ctx.fillText('大容量 防水 耐用', 400, 170);
  ctx.textAlign = 'left';
  ctx.font = '38px E2ESC';
  ctx.fillText('多种颜色可选', 60, 640);
  ctx.fillText('30x20x10cm', 520, 700);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rr-e2e-img-')), '收纳盒-main.png');
  writeFileSync(file, canvas.toBuffer('image/png'));
  return file;
}
