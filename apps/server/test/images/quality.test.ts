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
import {
  boxEdgeStep,
  fitScale,
  fitScales,
  freeSpace,
  inkColour,
  inkColumns,
  inkLineCount,
  type LineInk,
  measureLines,
  verdict,
} from './support/ink.ts';
import { rawRgb } from './support/measure.ts';
import { detailScene, flatScene, layoutScene, type Scene, texturedScene } from './support/scenes.ts';

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

  it('draws each line 85–115% as tall as its source, or no smaller than the largest scale that fits', () => {
    const r = run(name);
    const fits = fitScales(r.rm, r.r.items, r.r.layouts, r.ink);
    const report = r.ink.map(
      (l, k) =>
        `${l.source} ${l.sourceInk}→${l.renderedInk} (${l.ratio.toFixed(2)}, fits at ${fits[k]!.toFixed(2)})`,
    );
    for (const [k, l] of r.ink.entries()) {
      expect(l.sourceInk, l.source).toBeGreaterThan(0);
      expect(verdict(l.ratio, fits[k]!), report.join('\n')).not.toBe('violation');
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
    // Lines above and below and a column of text beside it (a quarter line height away): only the
    // box itself may hold the wrapped lines.
    const [layout] = layoutItems([item(90)], 800, 800, {
      obstacles: [
        [100, 60, 400, 95],
        [100, 200, 400, 240],
        [423, 60, 700, 240],
      ],
    });
    expect(layout!.lines.length).toBe(2);
    for (const line of layout!.lines) expect(inkOf(layout!.fontSize, line).width).toBeLessThanOrEqual(300);
    const ink = inkOf(layout!.fontSize, layout!.lines.join(' ')).ink;
    expect(ink / inkHeight).toBeGreaterThanOrEqual(0.85);
    expect(ink / inkHeight).toBeLessThanOrEqual(1.15);
  });

  it('shrinks only as much as needed when lines above, below and beside leave the box no room', () => {
    const [layout] = layoutItems([item(36)], 800, 800, {
      obstacles: [
        [100, 60, 400, 95],
        [100, 141, 400, 180],
        [409, 60, 700, 180],
      ],
    });
    expect(layout!.lines).toEqual([text]);
    expect(inkOf(layout!.fontSize, text).width).toBeLessThanOrEqual(300);
    // A little larger would not fit: no more shrinking than needed.
    expect(inkOf(layout!.fontSize + 0.2, text).width).toBeGreaterThan(300);
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

describe('the rendering order on a generated image: source size, then wrap, then the least shrink', () => {
  const KOREAN: Record<string, string> = {
    收纳盒: '수납함',
    防水耐用不易变形: '생활 방수 튼튼한 내구성 변형 없는 오래가는 소재',
    包邮现货: '무료배송 즉시 출고',
    新品上市: '신상품 출시',
  };
  const SIZE: Record<string, number> = { 收纳盒: 40, 防水耐用不易变形: 36, 包邮现货: 34, 新品上市: 48 };
  // The OCR may misread a character: the table entry sharing the most characters answers.
  const keyOf = (ch: string) =>
    Object.keys(KOREAN)
      .map((k) => ({ k, n: [...k].filter((c) => ch.includes(c)).length }))
      .sort((a, b) => b.n - a.n)[0]!.k;
  let r: Run;
  let fits: number[];

  beforeAll(async () => {
    const scene = layoutScene();
    const out = await engine.translateImage(scene.png, {
      // Boxes kept at the source's size (100%), so the wrapping and shrinking are the renderer's.
      translate: async (texts) =>
        texts.map((ch) => ({
          ch,
          ko: [KOREAN[keyOf(ch)]!],
          font_size: SIZE[keyOf(ch)]!,
          adjust_box: { width_percent: 100, height_percent: 100 },
        })),
    });
    const [src, rm, tr] = await Promise.all([rawRgb(scene.png), rawRgb(out.removed), rawRgb(out.translated)]);
    const drawn = out.items.filter((i) => i.translate !== false && i.target.trim() !== '');
    const ink = measureLines(src, rm, tr, out.items, out.layouts);
    r = { scene, r: out, src, rm, tr, drawn, ink };
    fits = fitScales(rm, out.items, out.layouts, ink);
  }, 120_000);

  const line = (text: string) => {
    const { item, k } = itemOf(r, text);
    return { item, k, ink: r.ink[k]!, layout: r.r.layouts[k]!, fit: fits[k]! };
  };

  it('keeps the three lines without Chinese as they are, and draws every translated line whole', () => {
    expect(r.drawn.map((i) => i.target).sort()).toEqual(Object.values(KOREAN).sort());
    for (const [k, l] of r.ink.entries()) {
      expect(l.renderedInk, l.target).toBeGreaterThan(0);
      expect(l.drawnText, 'not dropped').toBe(l.target.replace(/\s+/g, ''));
      expect(r.r.layouts[k]!.lines.length).toBeGreaterThanOrEqual(1);
    }
    expect(r.r.items.filter((i) => !i.translate).map((i) => i.source.replace(/\s+/g, ''))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('30x20x10cm'),
        expect.stringContaining('1234'),
        expect.stringContaining('8899'),
      ]),
    );
  });

  it('draws a short translation at 85–115% of the source ink height, on one line', () => {
    const { ink } = line('收纳盒');
    expect(ink.ratio, `${ink.sourceInk}→${ink.renderedInk}`).toBeGreaterThanOrEqual(0.85);
    expect(ink.ratio, `${ink.sourceInk}→${ink.renderedInk}`).toBeLessThanOrEqual(1.15);
    expect(inkLineCount(r.tr, r.rm, line('收纳盒').layout.box)).toBe(1);
  });

  it('wraps a long translation into the free space below instead of shrinking it', () => {
    const { item, ink, layout } = line('防水耐用不易变形');
    // It cannot fit on one line, nor in its own box, at 85%: only the grown box holds it.
    const box = boxOfPoints(item.bounding_box);
    const noRoom = fitScale({
      text: item.target,
      bold: layout.bold,
      sourceInk: ink.sourceInk,
      width: box[2] - box[0],
      height: box[3] - box[1],
      room: { above: 0, below: 0 },
      breakWords: false,
    });
    expect(noRoom).toBeLessThan(0.85);
    expect(ink.ratio, `${ink.sourceInk}→${ink.renderedInk}`).toBeGreaterThanOrEqual(0.85);
    expect(ink.ratio, `${ink.sourceInk}→${ink.renderedInk}`).toBeLessThanOrEqual(1.15);
    // More than one line of ink, below the source line's place and over no other line.
    expect(inkLineCount(r.tr, r.rm, layout.box)).toBeGreaterThan(1);
    expect(layout.box[3]).toBeGreaterThan(box[3] + ink.sourceInk);
    const kept = r.scene.lines.find((l) => l.text.startsWith('SIZE'))!;
    expect(layout.box[3]).toBeLessThan(kept.box[1]);
  });

  it('shrinks a long translation pressed between lines above, below and beside it, no more than it needs', () => {
    const { item, ink, layout, fit } = line('包邮现货');
    const box = boxOfPoints(item.bounding_box);
    // Precondition: the lines above and below leave it no room to wrap.
    const others = r.r.items.filter((i) => i !== item).map((i) => boxOfPoints(i.bounding_box));
    const room = freeSpace(r.rm, box, others, 0.25 * (box[3] - box[1]), 200);
    expect(room.above + room.below).toBeLessThan(0.5 * ink.sourceInk);
    expect(fit).toBeLessThan(0.85);
    const at = `${ink.sourceInk}→${ink.renderedInk} (${ink.ratio.toFixed(2)}), fits at ${fit.toFixed(2)}`;
    expect(ink.ratio, at).toBeLessThan(0.85);
    expect(ink.ratio, at).toBeGreaterThanOrEqual(fit - 0.05);
    expect(ink.ratio, at).toBeLessThanOrEqual(fit + 0.05);
    expect(ink.drawnText).toBe(item.target.replace(/\s+/g, ''));
    // Drawn inside its own place: not over the kept lines above and below.
    const above = r.scene.lines.find((l) => l.text.startsWith('SIZE'))!;
    const below = r.scene.lines.find((l) => l.text.startsWith('MODEL'))!;
    expect(layout.box[1]).toBeGreaterThan(above.box[3]);
    expect(layout.box[3]).toBeLessThan(below.box[1]);
    const beside = r.scene.lines.find((l) => l.text.startsWith('NO.'))!;
    expect(inkColumns(r.tr, r.rm, layout.box, 0)![1]).toBeLessThan(beside.box[0]);
    expect(verdict(ink.ratio, fit)).toBe('forced');
  });

  it('keeps bold bold, centred centred and the colour of the source line', () => {
    const { item, ink, layout } = line('新品上市');
    expect(layout.bold, 'bold').toBe(true);
    expect(item.align, 'centred').toBe('center');
    expect(ink.ratio).toBeGreaterThanOrEqual(0.85);
    expect(ink.ratio).toBeLessThanOrEqual(1.15);
    const src = inkColumns(r.src, r.rm, boxOfPoints(item.bounding_box))!;
    const out = inkColumns(r.tr, r.rm, layout.box)!;
    expect(Math.abs((src[0] + src[1]) / 2 - (out[0] + out[1]) / 2), 'centred').toBeLessThanOrEqual(8);
    expect(colourDistance(inkColour(r.tr, r.rm, layout.box)!, hex('#2a9d8f')), 'colour').toBeLessThanOrEqual(
      60,
    );
    const regular = line('收纳盒');
    expect(regular.layout.bold, 'a regular line stays regular').toBe(false);
  });
});
