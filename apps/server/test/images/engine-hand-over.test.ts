import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EnginePool } from '../../src/images/translate/pool.ts';

// Issue 21: the pre-flight hands its picture over to the engine's thread instead of copying it (the
// copy of a 20 MB picture held the request loop ≈ 10 ms). The answer is the same as with a copy; the
// caller's bytes are moved, and a view sharing its memory with other data is copied as before.

const pool = new EnginePool({ size: 1 });
afterAll(() => pool.close());

const picture = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4f4f4' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="320" height="200"><rect x="40" y="60" width="240" height="80" fill="#223"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

describe('handing a picture over to the image engine', () => {
  it('answers as with a copy, and moves the bytes out of the caller', async () => {
    const bytes = await picture();
    const copied = new Uint8Array(bytes.byteLength);
    copied.set(bytes);
    const moved = new Uint8Array(bytes.byteLength);
    moved.set(bytes);

    const byCopy = await pool.analyze(copied, 'CHN');
    expect(copied.byteLength).toBe(bytes.byteLength);
    const byHandOver = await pool.analyze(moved, 'CHN', {}, '', true);
    expect(moved.byteLength).toBe(0);
    expect(byHandOver.width).toBe(320);
    expect(byHandOver.height).toBe(200);
    expect(byHandOver.lines).toEqual(byCopy.lines);
  });

  it('copies a view that shares its memory, whatever the caller asked', async () => {
    const bytes = await picture();
    const shared = new Uint8Array(bytes.byteLength + 16);
    shared.set(bytes, 16);
    const view = shared.subarray(16);
    const answer = await pool.analyze(view, 'CHN', {}, '', true);
    expect(answer.width).toBe(320);
    expect(view.byteLength).toBe(bytes.byteLength);
    expect(shared.byteLength).toBe(bytes.byteLength + 16);
  });
});
