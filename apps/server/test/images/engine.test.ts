import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageEngine,
  machineTranslate,
  type TranslatedImage,
} from '../../src/images/translate/engine.ts';
import { boxOfPoints } from '../../src/images/translate/items.ts';

import type { OcrLine } from '../../src/images/translate/types.ts';
import { iou, koreanInkMatch, ocrAccuracy, rawRgb } from './support/measure.ts';
import { detailScene, flatScene, hasHan, type Scene, texturedScene } from './support/scenes.ts';

// One pool (worker threads started through worker-entry.mjs) for the whole file.
const engine = createImageEngine({ pool: { size: 2 } });
afterAll(() => engine.close());

const HAN_G = /\p{Script=Han}/gu;

describe.each([
  ['flat background', flatScene],
  ['gradient / photo-like background', texturedScene],
  ['790×2000 detail page with a size table', detailScene],
])('engine on a %s', (_name, make) => {
  let scene: Scene;
  let result: TranslatedImage;
  let readBack: OcrLine[];

  beforeAll(async () => {
    scene = make();
    result = await engine.translateImage(scene.png);
    readBack = (await engine.analyze(result.translated)).lines;
  });

  it('finds ≥ 95% of the lines with ≥ 95% character accuracy', () => {
    const acc = ocrAccuracy(scene.lines, result.lines);
    expect(acc.misses).toEqual([]);
    expect(acc.lineRecall).toBeGreaterThanOrEqual(0.95);
    expect(acc.charAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('gives spec OCR items and leaves lines without Chinese as they are', () => {
    for (const item of result.items) {
      expect(item.bounding_box).toHaveLength(4);
      expect(item.line_count).toBeGreaterThanOrEqual(1);
      expect(['left', 'center', 'right']).toContain(item.align);
      expect(item.font_size).toBeGreaterThan(0);
      expect(item.translate).toBe(hasHan(item.source));
    }
    const untouched = scene.lines.filter((l) => !hasHan(l.text));
    for (const l of untouched) {
      // Still read back at the same place, same text.
      const back = readBack.find((b) => iou(l.box, b.box) > 0.3);
      expect(back?.text.replace(/\s/g, ''), l.text).toBe(l.text.replace(/\s/g, ''));
    }
  });

  it('leaves no Chinese on the translated lines', () => {
    for (const item of result.items.filter((i) => i.translate)) {
      const box = boxOfPoints(item.bounding_box);
      const sourceChars = new Set(item.source.match(HAN_G) ?? []);
      for (const b of readBack.filter((r) => iou(box, r.box) > 0.05)) {
        // The Chinese model has no Hangul in its dictionary and reads some Hangul syllables as
        // look-alike Han glyphs (e.g. 引), so "Chinese left" means: any character of the source line.
        for (const ch of b.text.match(HAN_G) ?? [])
          expect(sourceChars.has(ch), `${ch} of ${item.source}`).toBe(false);
      }
      expect(item.target).not.toMatch(HAN_G);
    }
  });

  it('draws the Korean strings in place', async () => {
    const tr = await rawRgb(result.translated);
    const rm = await rawRgb(result.removed);
    const drawn = result.items.filter((i) => i.translate && i.target);
    expect(drawn.length).toBeGreaterThan(0);
    expect(result.layouts).toHaveLength(drawn.length);
    drawn.forEach((item, k) => {
      const layout = result.layouts[k]!;
      // The fallback translation is the replacement table's, and that text is what was laid out.
      expect(item.target).toBe(machineTranslate(item.source, 'CHN'));
      expect(layout.lines.join(' ')).toBe(item.target);
      const match = koreanInkMatch(tr, rm, layout, layout.lines, item.align);
      // A different Korean string in the same place must match clearly worse (the check can fail).
      const other = koreanInkMatch(
        tr,
        rm,
        layout,
        layout.lines.map((l) => [...l].reverse().join('')),
        item.align,
      );
      expect(match, item.target).toBeGreaterThan(0.5);
      if ([...item.target.replace(/\s/g, '')].length > 2)
        expect(match - other, item.target).toBeGreaterThan(0.15);
    });
  });
});

describe('engine fallbacks', () => {
  it('uses the AI answer when it comes, and the first machine translation with font size 40 when it fails', async () => {
    const scene = flatScene();
    const ai = await engine.translateImage(scene.png, {
      translate: async (texts) => texts.map((ch) => ({ ch, ko: [`번역 ${ch.length}`], font_size: 50 })),
    });
    expect(ai.translation).toBe('ai');
    const first = ai.items.find((i) => i.translate)!;
    expect(first.target).toBe(`번역 ${first.source.length}`);
    expect(first.font_size).toBe(50);

    const failed = await engine.translateImage(scene.png, {
      translate: async () => {
        throw new Error('gateway down');
      },
    });
    expect(failed.translation).toBe('fallback');
    for (const item of failed.items.filter((i) => i.translate)) {
      expect(item.font_size).toBe(40);
      expect(item.target).toBe(machineTranslate(item.source, 'CHN'));
    }
  });

  it('refuses a non-image and a decompression bomb', async () => {
    await expect(engine.analyze(Buffer.from('not an image'))).rejects.toThrow();
    const sharp = (await import('sharp')).default;
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(engine.analyze(bomb)).rejects.toThrow(/pixel/i);
  });
});
