/**
 * Issue 25 "Image fidelity": generated pictures whose text colour, background and table cells are
 * known go through the engine as a seller's JPEG (4:2:0); the result is measured in pixels,
 * independently of the engine's own estimates (support/fidelity.ts):
 * - every line's Korean within ΔE 10 (CIEDE2000) of the colour the source line was drawn in;
 * - the cleaned area's mean within ΔE 3 of the background around it;
 * - a line in a table cell that holds it at the source size is drawn at 85–115% of the source's
 *   ink height, inside its cell (never across a ruling line); no line dropped.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageEngine, type TranslatedImage } from '../../src/images/translate/engine.ts';
import {
  FONT_FAMILY,
  layoutItems,
  type RenderItem,
  registerFonts,
} from '../../src/images/translate/render.ts';
import { asSellerJpeg, type FidelityFigure, fidelityFigures } from './support/fidelity.ts';
import { fitScale, inkColumns } from './support/ink.ts';
import { rawRgb } from './support/measure.ts';
import { type FidelityScene, fidelityScenes, labelScene, sceneTranslator } from './support/scenes.ts';

const engine = createImageEngine({ pool: { size: 1 } });
afterAll(() => engine.close());

type Raw = Awaited<ReturnType<typeof rawRgb>>;
type Run = {
  scene: FidelityScene;
  r: TranslatedImage;
  raw: { src: Raw; rm: Raw; tr: Raw };
  figures: FidelityFigure[];
};
const runs = new Map<string, Run>();

async function translate(scene: FidelityScene, image: Buffer): Promise<Run> {
  const r = await engine.translateImage(image, { translate: sceneTranslator(scene.lines) });
  const [src, rm, tr] = await Promise.all([rawRgb(image), rawRgb(r.removed), rawRgb(r.translated)]);
  const raw = { src, rm, tr };
  return { scene, r, raw, figures: fidelityFigures(scene.lines, r, raw) };
}

beforeAll(async () => {
  for (const scene of fidelityScenes())
    runs.set(scene.name, await translate(scene, await asSellerJpeg(scene.png)));
}, 180_000);

const report = (figures: FidelityFigure[]) =>
  figures
    .map(
      (f) =>
        `${f.text} → ${f.target ?? 'DROPPED'}: colour ΔE ${f.colourDeltaE?.toFixed(1)} (drawn ${f.drawnColour}), ` +
        `halo ΔE ${f.haloDeltaE?.toFixed(1)}, ink ${f.inkRatio?.toFixed(2)}`,
    )
    .join('\n');

describe.each(['yellow labels', 'dark bands', 'size table'])('%s (a 4:2:0 JPEG)', (name) => {
  it('draws every line, whole', () => {
    const { figures, scene } = runs.get(name)!;
    expect(figures.map((f) => f.target)).toEqual(scene.lines.map((l) => l.korean));
  });

  it('draws every line within ΔE 10 (CIEDE2000) of its source colour', () => {
    const { figures } = runs.get(name)!;
    for (const f of figures) expect(f.colourDeltaE, report(figures)).toBeLessThanOrEqual(10);
  });

  it('leaves no lighter or darker box where the text was: the cleaned area within ΔE 3 of its surroundings', () => {
    const { figures } = runs.get(name)!;
    for (const f of figures) {
      expect(f.haloDeltaE, report(figures)).toBeDefined();
      expect(f.haloDeltaE, report(figures)).toBeLessThanOrEqual(3);
    }
  });

  it('keeps every line at 85–115% of its source ink height where the free space holds it', () => {
    const { figures } = runs.get(name)!;
    for (const f of figures) {
      if (f.fit! < 0.85) continue;
      expect(f.inkRatio, report(figures)).toBeGreaterThanOrEqual(0.85);
      expect(f.inkRatio, report(figures)).toBeLessThanOrEqual(1.15);
    }
  });
});

describe('dark text on a yellow label', () => {
  it('is drawn dark grey, not brown (#222222 stays within ΔE 10), from a PNG as from a JPEG', async () => {
    const scene = labelScene();
    const png = await translate(scene, scene.png);
    for (const run of [runs.get('yellow labels')!, png]) {
      for (const [k, line] of scene.lines.entries()) {
        const f = run.figures[k]!;
        expect(f.colourDeltaE, `${line.text}: ${f.drawnColour} for ${line.color}`).toBeLessThanOrEqual(10);
      }
    }
  }, 60_000);
});

describe('table header cells', () => {
  it('are drawn at the source size when the cell holds them, centred inside the cell', () => {
    const { scene, raw, figures } = runs.get('size table')!;
    const cells = scene.lines.filter((l) => l.cell);
    expect(cells.map((l) => l.text)).toEqual(['尺码', '胸围', '肩宽', '衣长', '袖长']);
    for (const line of cells) {
      const k = scene.lines.indexOf(line);
      const f = figures[k]!;
      const cell = line.cell!;
      // Precondition: the cell (inside its ruling lines, a quarter line height from each) holds the
      // Korean on one line at the source's ink height.
      const margin = 2 + 0.25 * line.size;
      const holds = fitScale({
        text: line.korean,
        bold: f.bold!,
        sourceInk: f.sourceInk!,
        width: cell[2] - cell[0] - 2 * margin,
        height: cell[3] - cell[1] - 4,
        room: { above: 0, below: 0 },
        breakWords: false,
      });
      expect(holds, `${line.korean} fits its cell at the source size`).toBe(1);
      expect(f.inkRatio, report(figures)).toBeGreaterThanOrEqual(0.85);
      expect(f.inkRatio, report(figures)).toBeLessThanOrEqual(1.15);
      // Drawn inside the cell: the ink stays off the ruling lines, centred like the source.
      const ink = inkColumns(raw.tr, raw.rm, [cell[0] + 3, cell[1] + 3, cell[2] - 3, cell[3] - 3], 0)!;
      expect(ink[0], line.korean).toBeGreaterThan(cell[0] + 2);
      expect(ink[1], line.korean).toBeLessThan(cell[2] - 2);
      expect(
        Math.abs((ink[0] + ink[1]) / 2 - (cell[0] + cell[2]) / 2),
        `${line.korean} centred`,
      ).toBeLessThanOrEqual(6);
    }
  });
});

describe('the layout of one line beside free columns', () => {
  const item = (over: Partial<RenderItem> = {}): RenderItem => ({
    text: '가슴둘레',
    box: [215, 154, 285, 190],
    align: 'center',
    lineCount: 1,
    color: '#111111',
    bold: false,
    adjust: { width_percent: 150, height_percent: 100 },
    group: 30,
    inkHeight: 28,
    ...over,
  });
  const measure = (size: number) => {
    registerFonts();
    const ctx = createCanvas(4, 4).getContext('2d');
    ctx.font = `${size}px "${FONT_FAMILY.normal}"`;
    const m = ctx.measureText('가슴둘레');
    return { width: m.width, ink: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent };
  };
  /** A white image with vertical ruling lines at `xs` (RGBA). */
  const ruled = (xs: number[]) => {
    const W = 800;
    const H = 400;
    const data = new Uint8Array(W * H * 4).fill(255);
    for (const x of xs)
      for (let y = 0; y < H; y++)
        for (let dx = 0; dx < 2; dx++) data.fill(150, (y * W + x + dx) * 4, (y * W + x + dx) * 4 + 3);
    return { data, width: W, height: H };
  };

  it('widens into its cell instead of shrinking when the box is too narrow but the cell is not', () => {
    const image = ruled([175, 325]);
    const [layout] = layoutItems([item({ box: [225, 154, 275, 190] })], 800, 400, {
      image,
      obstacles: [
        [215, 110, 285, 150],
        [215, 195, 285, 235],
      ],
    });
    expect(layout!.lines).toEqual(['가슴둘레']);
    const drawn = measure(layout!.fontSize);
    // Wider than the spec's box (150% of 50 px): only the cell holds it at this size.
    expect(drawn.width).toBeGreaterThan(75);
    expect(drawn.ink / 28).toBeGreaterThanOrEqual(0.95);
    expect(drawn.ink / 28).toBeLessThanOrEqual(1.05);
    expect(layout!.box[0]).toBeGreaterThan(177);
    expect(layout!.box[2]).toBeLessThan(325);
  });

  it('shrinks only to what the cell holds when the cell is narrower than the Korean', () => {
    const image = ruled([200, 300]);
    const [layout] = layoutItems([item({ box: [215, 154, 285, 190] })], 800, 400, {
      image,
      obstacles: [
        [215, 110, 285, 150],
        [215, 195, 285, 235],
      ],
    });
    expect(layout!.lines).toEqual(['가슴둘레']);
    expect(layout!.box[0]).toBeGreaterThanOrEqual(202);
    expect(layout!.box[2]).toBeLessThanOrEqual(300);
    expect(layout!.fontSize).toBeLessThan(28 / 0.78);
  });

  it('centres a line found right-aligned when it sits in the middle of a closed cell', () => {
    const image = ruled([625, 775]);
    const [layout] = layoutItems([item({ box: [663, 154, 737, 190], align: 'right' })], 800, 400, { image });
    expect(layout!.align).toBe('center');
    expect(Math.abs((layout!.box[0] + layout!.box[2]) / 2 - 700)).toBeLessThanOrEqual(1);
  });
});
