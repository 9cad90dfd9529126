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

export type SceneLine = {
  text: string;
  box: [number, number, number, number];
  size: number;
  /** The colour the line was drawn in (#rrggbb). */
  color: string;
};
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
  lines.push({ text, box: [left, y, left + w, y + size * 1.1], size, color });
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
 * between lines without Chinese above, below and beside it (kept as they are, so a long translation
 * must shrink); a bold centred line.
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
  drawLine(ctx, lines, 'NO.8899', 290, 600, 30, '#555555');
  drawLine(ctx, lines, 'MODEL AB-1234', 60, 650, 30, '#555555');
  drawLine(ctx, lines, '新品上市', 400, 820, 48, '#2a9d8f', { bold: true, align: 'center' });
  return { name: 'layout', png: canvas.toBuffer('image/png'), width: 800, height: 1000, lines };
}

/** A line of a fidelity scene: what it was drawn on (a flat colour) and, in a table, its cell. */
export type FidelityLine = SceneLine & {
  /** The Korean the scene's translator answers for the line. */
  korean: string;
  /** The flat colour the line was drawn on, and where that colour is (the label, band, cell). */
  background: string;
  region: [number, number, number, number];
  cell?: [number, number, number, number];
};
export type FidelityScene = Omit<Scene, 'lines'> & { lines: FidelityLine[] };

function fidelityScene(
  name: string,
  width: number,
  height: number,
  draw: (
    ctx: SKRSContext2D,
    line: (
      text: string,
      at: { x: number; y: number; size: number; color: string; background: string; korean: string },
      opts?: {
        bold?: boolean;
        align?: 'left' | 'center';
        cell?: [number, number, number, number];
        region?: [number, number, number, number];
      },
    ) => void,
  ) => void,
): FidelityScene {
  registerFonts();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const lines: FidelityLine[] = [];
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  draw(ctx, (text, at, opts = {}) => {
    const drawn: SceneLine[] = [];
    drawLine(ctx, drawn, text, at.x, at.y, at.size, at.color, opts);
    lines.push({
      ...drawn[0]!,
      korean: at.korean,
      background: at.background,
      region: opts.region ?? opts.cell ?? [0, 0, width, height],
      ...(opts.cell ? { cell: opts.cell } : {}),
    });
  });
  return { name, png: canvas.toBuffer('image/png'), width, height, lines };
}

/**
 * Dark text on yellow and orange labels (the "brown text" case), at heading, body and note sizes.
 * Drawn as PNG; the bench and tests encode it as a 4:2:0 JPEG like a 1688 picture.
 */
export function labelScene(): FidelityScene {
  return fidelityScene('yellow labels', 800, 760, (ctx, line) => {
    ctx.fillStyle = '#ffd200';
    ctx.fillRect(0, 40, 800, 150);
    line(
      '新款上市 限时特惠',
      {
        korean: '신상품 출시 기간 한정 특가',
        x: 400,
        y: 80,
        size: 52,
        color: '#222222',
        background: '#ffd200',
      },
      { region: [0, 40, 800, 190], bold: true, align: 'center' },
    );
    ctx.fillStyle = '#f5c400';
    ctx.fillRect(60, 260, 680, 130);
    line(
      '加厚防滑 耐磨材质',
      {
        korean: '두꺼운 미끄럼 방지 내마모 소재',
        x: 100,
        y: 305,
        size: 34,
        color: '#222222',
        background: '#f5c400',
      },
      { region: [60, 260, 740, 390] },
    );
    ctx.fillStyle = '#ff9f1c';
    ctx.fillRect(60, 460, 680, 100);
    line(
      '温馨提示 请按尺码选购',
      {
        korean: '안내: 사이즈에 맞게 선택하세요',
        x: 100,
        y: 495,
        size: 26,
        color: '#1a1a1a',
        background: '#ff9f1c',
      },
      { region: [60, 460, 740, 560] },
    );
    ctx.fillStyle = '#cfe8ff';
    ctx.fillRect(60, 620, 680, 100);
    line(
      '柔软亲肤',
      { korean: '부드럽고 피부에 편안한', x: 400, y: 650, size: 38, color: '#1d3557', background: '#cfe8ff' },
      { region: [60, 620, 740, 720], align: 'center' },
    );
  });
}

/** Light text on dark bands, two flat and one with noise like a photograph (the "lighter rectangle" case). */
export function darkScene(): FidelityScene {
  return fidelityScene('dark bands', 800, 1000, (ctx, line) => {
    ctx.fillStyle = '#1e1e1e';
    ctx.fillRect(0, 0, 800, 300);
    line(
      '高端品质匠心打造',
      { korean: '고급 품질 장인 정신', x: 400, y: 70, size: 52, color: '#ffffff', background: '#1e1e1e' },
      { region: [0, 0, 800, 300], bold: true, align: 'center' },
    );
    // Light text with a soft glow, as ad pictures have: the glow is part of the text to remove.
    ctx.shadowColor = 'rgba(255,255,255,0.45)';
    ctx.shadowBlur = 8;
    line(
      '精选面料 舒适透气',
      {
        korean: '엄선한 원단 편안한 통기성',
        x: 400,
        y: 190,
        size: 34,
        color: '#f0f0f0',
        background: '#1e1e1e',
      },
      { region: [0, 0, 800, 300], align: 'center' },
    );
    ctx.shadowBlur = 0;
    ctx.shadowColor = 'rgba(0,0,0,0)';
    ctx.fillStyle = '#14213d';
    ctx.fillRect(0, 300, 800, 300);
    line(
      '防水防污 易清洗',
      { korean: '방수 방오 쉬운 세척', x: 90, y: 410, size: 40, color: '#ffd166', background: '#14213d' },
      { region: [0, 300, 800, 600] },
    );
    // A photographed dark surface: the same grey with sensor noise (not a flat fill).
    ctx.fillStyle = '#2b2b2b';
    ctx.fillRect(0, 600, 800, 300);
    const img = ctx.getImageData(0, 600, 800, 300);
    const rand = rng(25);
    for (let i = 0; i < img.data.length; i += 4) {
      const n = Math.round((rand() + rand() + rand() - 1.5) * 14);
      for (let c = 0; c < 3; c++) img.data[i + c] = img.data[i + c]! + n;
    }
    ctx.putImageData(img, 0, 600);
    line(
      '多色可选',
      { korean: '다양한 색상 선택', x: 400, y: 660, size: 44, color: '#ffffff', background: '#2b2b2b' },
      { region: [0, 600, 800, 900], bold: true, align: 'center' },
    );
    line(
      '以实物为准',
      { korean: '실물 기준', x: 400, y: 780, size: 28, color: '#cccccc', background: '#2b2b2b' },
      { region: [0, 600, 800, 900], align: 'center' },
    );
    // A slim dark bar on the white page, its text filling most of its height.
    ctx.fillStyle = '#222222';
    ctx.fillRect(0, 922, 800, 52);
    line(
      '限时抢购 今日特价',
      {
        korean: '한정 타임세일 오늘 특가',
        x: 60,
        y: 930,
        size: 38,
        color: '#ffffff',
        background: '#222222',
      },
      { region: [0, 922, 800, 974] },
    );
  });
}

/** A size table with ruling lines and a shaded header row (胸围, 肩宽 … at 26 px in 150 px cells). */
export function tableScene(): FidelityScene {
  const cols = ['尺码', '胸围', '肩宽', '衣长', '袖长'];
  const korean = ['사이즈', '가슴둘레', '어깨너비', '총장', '소매길이'];
  const rows = [
    ['S', '96', '42', '66', '58'],
    ['M', '100', '44', '68', '59'],
    ['L', '104', '46', '70', '60'],
  ];
  const x0 = 25;
  const y0 = 140;
  const cw = 150;
  const rh = 64;
  return fidelityScene('size table', 800, 520, (ctx, line) => {
    line(
      '尺码表',
      { korean: '사이즈표', x: 400, y: 50, size: 44, color: '#111111', background: '#ffffff' },
      {
        bold: true,
        align: 'center',
      },
    );
    ctx.fillStyle = '#f2f2f2';
    ctx.fillRect(x0, y0, cw * cols.length, rh);
    for (const [c, t] of cols.entries()) {
      const cell: [number, number, number, number] = [x0 + c * cw, y0, x0 + (c + 1) * cw, y0 + rh];
      const at = { x: x0 + c * cw + cw / 2, y: y0 + 18, size: 26, color: '#111111', background: '#f2f2f2' };
      const region: [number, number, number, number] = [cell[0] + 2, cell[1] + 2, cell[2] - 2, cell[3] - 2];
      line(t, { ...at, korean: korean[c]! }, { align: 'center', cell, region });
    }
    ctx.fillStyle = '#333333';
    ctx.font = '26px TestSC';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'center';
    for (const [r, row] of rows.entries())
      for (const [c, t] of row.entries()) ctx.fillText(t, x0 + c * cw + cw / 2, y0 + (r + 1) * rh + 18);
    ctx.textAlign = 'left';
    ctx.strokeStyle = '#999999';
    ctx.lineWidth = 2;
    for (let r = 0; r <= rows.length + 1; r++) {
      ctx.beginPath();
      ctx.moveTo(x0, y0 + r * rh);
      ctx.lineTo(x0 + cw * cols.length, y0 + r * rh);
      ctx.stroke();
    }
    for (let c = 0; c <= cols.length; c++) {
      ctx.beginPath();
      ctx.moveTo(x0 + c * cw, y0);
      ctx.lineTo(x0 + c * cw, y0 + rh * (rows.length + 1));
      ctx.stroke();
    }
  });
}

/** The fidelity scenes (issue 25): yellow labels, dark bands, a size table. */
export const fidelityScenes = () => [labelScene(), darkScene(), tableScene()];

/**
 * A translator answering each scene line's Korean (the line sharing the most characters with the
 * OCR's text, so a misread character still finds it), with the box kept at the source's size.
 */
export function sceneTranslator(lines: readonly FidelityLine[]) {
  return async (texts: string[]) =>
    texts.map((ch) => {
      const score = (l: FidelityLine) => {
        const chars = [...l.text.replace(/\s+/g, '')];
        return 2 * chars.filter((c) => ch.includes(c)).length - chars.length;
      };
      const best = [...lines].sort((a, b) => score(b) - score(a))[0];
      // Boxes at 100%, as the AI often answers: the room a line gets is the renderer's to find.
      return {
        ch,
        ko: [best && score(best) > 0 ? best.korean : ''],
        adjust_box: { width_percent: 100, height_percent: 100 },
      };
    });
}
