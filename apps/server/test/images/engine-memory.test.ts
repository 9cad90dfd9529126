/**
 * The pieces that bound the image engine's memory: detector tiles, the lazy OpenCV load and the
 * detail-page merge decoding straight into its canvas.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MergeError, mergeDetailImages } from '../../src/images/ops/merge.ts';
import { detTiles } from '../../src/images/translate/ocr.ts';
import { loadOpenCv, removeText } from '../../src/images/translate/text-removal.ts';

describe('detector tiles', () => {
  it('is one tile up to the limit', () => {
    expect(detTiles(800, 1280)).toEqual([[0, 800]]);
    expect(detTiles(1280, 1280)).toEqual([[0, 1280]]);
  });

  it('cuts taller images into equal overlapping tiles no taller than the limit', () => {
    for (const fullH of [1281, 2025, 5000, 17_000]) {
      const tiles = detTiles(fullH, 1280);
      expect(tiles.length).toBeGreaterThan(1);
      expect(tiles[0]![0]).toBe(0);
      expect(tiles.at(-1)![1]).toBe(fullH);
      for (const [k, [top, bottom]] of tiles.entries()) {
        expect(bottom - top).toBeLessThanOrEqual(1280);
        // Neighbours overlap by 2 × 128 rows, so a line up to 256 px tall is whole in the tile owning its centre.
        if (k > 0) expect(tiles[k - 1]![1] - top).toBe(256);
      }
    }
    expect(detTiles(2025, 1280)).toEqual([
      [0, 1141],
      [885, 2025],
    ]);
  });
});

describe('text removal without OpenCV', () => {
  /** 60×30 box of black strokes on a left-to-right gradient (not flat: needs inpainting). */
  function textured() {
    const W = 120;
    const H = 60;
    const data = new Uint8Array(W * H * 4);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const p = (y * W + x) * 4;
        const v = 40 + x * 1.5 + ((x * 7 + y * 13) % 23);
        const stroke = x >= 40 && x < 80 && y >= 20 && y < 40 && (x % 6 < 2 || y % 6 < 2);
        data[p] = stroke ? 0 : v;
        data[p + 1] = stroke ? 0 : 255 - v;
        data[p + 2] = stroke ? 0 : v / 2;
        data[p + 3] = 255;
      }
    return { data, width: W, height: H };
  }

  it('leaves a textured region unchanged and asks for OpenCV, then removes it with OpenCV', async () => {
    const img = textured();
    const before = img.data.slice();
    const box: [number, number, number, number] = [36, 16, 84, 44];
    const info = removeText(img, box, undefined);
    expect(info.needsOpenCv).toBe(true);
    expect(info.flat).toBe(false);
    expect(Buffer.from(img.data).equals(Buffer.from(before))).toBe(true);
    const { cv } = await loadOpenCv();
    const done = removeText(img, box, cv);
    expect(done.needsOpenCv).toBeUndefined();
    expect(done.color).toBe(info.color);
    expect(Buffer.from(img.data).equals(Buffer.from(before))).toBe(false);
  });
});

describe('detail page merge', () => {
  const solid = (width: number, height: number, colour: string) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it('stacks the images at 800 px wide in order, an EXIF-rotated one upright', async () => {
    const red = await solid(400, 300, '#ff0000');
    // Stored 200 wide × 500 high with orientation 6 (shown rotated: 500 wide × 200 high).
    const green = await sharp(await solid(200, 500, '#00ff00'))
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const blue = await solid(1000, 1250, '#0000ff');
    const m = await mergeDetailImages([red, green, blue]);
    expect(m.width).toBe(800);
    expect(m.height).toBe(600 + 320 + 1000);
    const { data } = await sharp(m.data).raw().toBuffer({ resolveWithObject: true });
    const at = (y: number) => [...data.subarray(y * 800 * 3 + 400 * 3, y * 800 * 3 + 400 * 3 + 3)];
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 24);
    expect(near(at(300), [255, 0, 0])).toBe(true);
    expect(near(at(760), [0, 255, 0])).toBe(true);
    expect(near(at(1400), [0, 0, 255])).toBe(true);
  });

  it('refuses an image it cannot read', async () => {
    await expect(mergeDetailImages([Buffer.from('not an image')])).rejects.toBeInstanceOf(MergeError);
  });
});
