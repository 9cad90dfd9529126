/**
 * Issue 12 "Quality": the Korean must look made in Korea. Generated images whose text size, colour,
 * weight and alignment are known go through the engine; the result is measured in pixels.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageEngine, type TranslatedImage } from '../../src/images/translate/engine.ts';
import { boxOfPoints } from '../../src/images/translate/items.ts';
import {
  FONT_FAMILY,
  layoutItems,
  type RenderItem,
  registerFonts,
} from '../../src/images/translate/render.ts';
import type { OcrItem } from '../../src/images/translate/types.ts';
import { boxEdgeStep, inkColour, inkColumns, type LineInk, measureLines } from './support/ink.ts';
import { rawRgb } from './support/measure.ts';
import { detailScene, flatScene, type Scene, texturedScene } from './support/scenes.ts';

const engine = createImageEngine({ pool: { size: 1 } });
afterAll(() => engine.close());

type Raw = Awaited<ReturnType<typeof rawRgb>>;
type Run = { scene: Scene; r: TranslatedImage; src: Raw; rm: Raw; tr: Raw; drawn: OcrItem[]; ink: LineInk[] };
const runs = new Map<string, Run>();

beforeAll(async () => {
  for (const make of [flatScene, texturedScene, detailScene]) {
    const scene = make();
    const r = await engine.translateImage(scene.png);
    const [src, rm, tr] = await Promise.all([rawRgb(scene.png), rawRgb(r.removed), rawRgb(r.translated)]);
    const drawn = r.items.filter((i) => i.translate !== false && i.target.trim() !== '');
    runs.set(scene.name, {
      scene,
      r,
      src,
      rm,
      tr,
      drawn,
      ink: measureLines(src, rm, tr, r.items, r.layouts),
    });
  }
}, 180_000);

const run = (name: string) => runs.get(name)!;
const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
const colourDistance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
/** The OCR item over a scene line (the detector's box holds the line's centre). */
function itemOf(r: Run, text: string): { item: OcrItem; k: number } {
  const line = r.scene.lines.find((l) => l.text === text)!;
  const cx = (line.box[0] + line.box[2]) / 2;
  const cy = (line.box[1] + line.box[3]) / 2;
  const k = r.drawn.findIndex((i) => {
    const b = boxOfPoints(i.bounding_box);
    return cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3];
  });
  expect(k, text).toBeGreaterThanOrEqual(0);
  return { item: r.drawn[k]!, k };
}

describe.each(['flat', 'textured', 'detail'])('%s image', (name) => {
  it('keeps every translated line: each is drawn, none dropped', () => {
    const r = run(name);
    expect(r.drawn.length).toBeGreaterThan(0);
    expect(r.r.layouts).toHaveLength(r.drawn.length);
    for (const [k, l] of r.ink.entries()) {
      expect(l.renderedInk, l.target).toBeGreaterThan(0);
      expect(r.r.layouts[k]!.lines.join(' ').replace(/\s+/g, '')).toBe(l.target.replace(/\s+/g, ''));
    }
  });

  it('draws each line 85–115% as tall as its source, or fills the box when it had to shrink', () => {
    const r = run(name);
    const report = r.ink.map((l) => `${l.source} ${l.sourceInk}→${l.renderedInk} (${l.ratio.toFixed(2)})`);
    for (const [k, l] of r.ink.entries()) {
      expect(l.sourceInk, l.source).toBeGreaterThan(0);
      expect(l.ratio, report.join('\n')).toBeLessThanOrEqual(1.15);
      if (l.ratio >= 0.85) continue;
      // Shrunk: only because it could not fit, so the text spans (nearly) the whole box width.
      const box = r.r.layouts[k]!.box;
      const cols = inkColumns(r.tr, r.rm, box)!;
      expect(
        (cols[1] - cols[0] + 1) / (box[2] - box[0]),
        `${l.target} shrunk without filling its box`,
      ).toBeGreaterThan(0.9);
    }
  });

  it('cleans flat and gradient backgrounds without a visible box edge', () => {
    const r = run(name);
    for (const item of r.r.items.filter((i) => i.translate)) {
      const [x0, y0, x1, y1] = boxOfPoints(item.bounding_box);
      const lineH = (y1 - y0) / Math.max(1, item.line_count);
      const px = Math.max(3, Math.round(0.15 * lineH));
      const py = Math.max(2, Math.round(0.1 * lineH));
      // Table cells are crossed by the grid lines on purpose: not a background.
      if (name === 'detail' && y0 > 1280 && y0 < 1600) continue;
      expect(boxEdgeStep(r.rm, [x0 - px, y0 - py, x1 + px, y1 + py]), item.source).toBeLessThan(6);
    }
  });
});

it('keeps at least 75% of all lines at 85–115% of their source height (long translations shrink to fit)', () => {
  const all = [...runs.values()].flatMap((r) => r.ink);
  const within = all.filter((l) => l.ratio >= 0.85 && l.ratio <= 1.15).length;
  expect(all.length).toBeGreaterThanOrEqual(15);
  expect(within / all.length).toBeGreaterThanOrEqual(0.75);
});

describe('colour, weight and alignment follow the source line', () => {
  it.each([
    ['flat', '新款高品质收纳盒', '#ffffff', true, 'center'],
    ['flat', '大容量 防水 耐用', '#222222', false, 'center'],
    ['flat', '包邮 现货', '#d62828', true, 'left'],
    ['textured', '舒适透气 柔软亲肤', '#1d3557', true, 'center'],
    ['textured', '适用于家庭 办公室', '#3d405b', false, 'left'],
    ['detail', '细节展示', '#222222', true, 'left'],
    ['detail', '精选优质材料 安全环保', '#444444', false, 'center'],
  ] as const)('%s: %s', (name, text, colour, bold, align) => {
    const r = run(name);
    const { item, k } = itemOf(r, text);
    const layout = r.r.layouts[k]!;
    expect(layout.bold, 'weight').toBe(bold);
    expect(item.align).toBe(align);
    expect(colourDistance(hex(item.color!), hex(colour)), 'colour read').toBeLessThanOrEqual(40);
    const drawnColour = inkColour(r.tr, r.rm, layout.box)!;
    expect(colourDistance(drawnColour, hex(colour)), 'colour drawn').toBeLessThanOrEqual(60);
    const src = inkColumns(r.src, r.rm, boxOfPoints(item.bounding_box))!;
    const out = inkColumns(r.tr, r.rm, layout.box)!;
    if (align === 'center') {
      expect(Math.abs((src[0] + src[1]) / 2 - (out[0] + out[1]) / 2), 'centred').toBeLessThanOrEqual(8);
    } else {
      expect(Math.abs(src[0] - out[0]), 'left edge').toBeLessThanOrEqual(8);
    }
  });
});

describe('wrap before shrink', () => {
  registerFonts();
  const text = '정교한 마감 매끄러운 라인 두꺼운 소재';
  const inkHeight = 30;
  const item = (boxHeight: number): RenderItem => ({
    text,
    box: [100, 100, 400, 100 + boxHeight],
    align: 'left',
    lineCount: 1,
    color: '#222222',
    bold: false,
    adjust: { width_percent: 100, height_percent: 100 },
    group: 30,
    inkHeight,
  });
  const inkOf = (size: number, line: string) => {
    const ctx = createCanvas(4, 4).getContext('2d');
    ctx.font = `${size}px "${FONT_FAMILY.normal}"`;
    const m = ctx.measureText(line);
    return { ink: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent, width: m.width };
  };

  it('wraps onto a second line at the source size when the box is tall enough', () => {
    const [layout] = layoutItems([item(90)], 800, 800);
    expect(layout!.lines.length).toBe(2);
    for (const line of layout!.lines) expect(inkOf(layout!.fontSize, line).width).toBeLessThanOrEqual(300);
    const ink = inkOf(layout!.fontSize, layout!.lines.join(' ')).ink;
    expect(ink / inkHeight).toBeGreaterThanOrEqual(0.85);
    expect(ink / inkHeight).toBeLessThanOrEqual(1.15);
  });

  it('shrinks only as much as needed when the box holds one line', () => {
    const [layout] = layoutItems([item(36)], 800, 800);
    expect(layout!.lines).toEqual([text]);
    expect(inkOf(layout!.fontSize, text).width).toBeLessThanOrEqual(300);
    // One pixel larger would not fit: no more shrinking than needed.
    expect(inkOf(layout!.fontSize + 1, text).width).toBeGreaterThan(300);
  });
});

describe('a line the translation leaves empty', () => {
  it('is put back as it was (never dropped) and stored as kept', async () => {
    const require = createRequire(import.meta.url);
    const fontRoot = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
    GlobalFonts.registerFromPath(path.join(fontRoot, '400Regular/NotoSansSC_400Regular.ttf'), 'QualitySC');
    const canvas = createCanvas(800, 400);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 800, 400);
    ctx.fillStyle = '#222222';
    ctx.font = '48px QualitySC';
    ctx.textBaseline = 'top';
    ctx.fillText('新款高品质收纳盒', 100, 60);
    ctx.fillText('精准开孔', 100, 240);
    const png = canvas.toBuffer('image/png');
    // A translator that knows only the first line (the table's fallback has no words for the second).
    const r = await engine.translateImage(png, {
      translate: async () => [{ ch: '新款高品质收纳盒', ko: ['신상품 고품질 수납함'] }],
    });
    const kept = r.items.find((i) => i.source.includes('精准'))!;
    expect(kept, JSON.stringify(r.items.map((i) => i.source))).toBeDefined();
    expect(kept.translate).toBe(false);
    expect(kept.target).toBe(kept.source);
    // Its pixels are the source's, in the result and in the stored text-removed image.
    const [src, tr, rm] = await Promise.all([rawRgb(png), rawRgb(r.translated), rawRgb(r.removed)]);
    const box = boxOfPoints(kept.bounding_box);
    const ink = (img: Raw) => {
      let dark = 0;
      for (let y = Math.round(box[1]); y < Math.round(box[3]); y++)
        for (let x = Math.round(box[0]); x < Math.round(box[2]); x++)
          if (img.data[(y * img.width + x) * 3]! < 128) dark++;
      return dark;
    };
    expect(ink(src)).toBeGreaterThan(200);
    expect(Math.abs(ink(tr) - ink(src)) / ink(src)).toBeLessThan(0.1);
    expect(Math.abs(ink(rm) - ink(src)) / ink(src)).toBeLessThan(0.1);
  }, 60_000);
});
