import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageFactsReader, MAX_FACT_IMAGE_BYTES } from '../../src/exports/image-facts.ts';
import { createLocalStorage } from '../../src/images/storage.ts';
import type { ImageEngine } from '../../src/images/translate/engine.ts';

// Issue 21's pre-flight row replayed against the real local file storage (image-facts.test.ts uses a
// storage double): a product lists one stored PNG of just under 20 MB 25 times (`?n=0..24`). The
// file is read from disk once, and every listed URL gets the picture's real size.

const noEngine = () => {
  throw new Error('no OCR for detail images');
};

describe('pre-flight of one stored 20 MB PNG listed 25 times (real file storage)', () => {
  it('reads the file from disk once and answers every URL with its size', async () => {
    const storage = createLocalStorage({
      dataDir: mkdtempSync(path.join(tmpdir(), 'rr-facts-')),
      publicUrl: undefined,
    });
    // Noise does not compress: 2,600 × 2,600 RGB is a PNG of 20.3 MB (19.4 MiB, under the 20 MiB cap).
    const side = 2600;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(19 * 1024 * 1024);
    expect(png.byteLength).toBeLessThanOrEqual(MAX_FACT_IMAGE_BYTES);
    const companyId = randomUUID();
    const stored = await storage.put(companyId, 'big.png', png, 'image/png');

    // The real storage, its reads counted.
    const reads: string[] = [];
    const read = storage.read.bind(storage);
    storage.read = async (keyOrUrl) => {
      reads.push(keyOrUrl);
      return read(keyOrUrl);
    };
    const facts = createImageFactsReader({ storage, images: noEngine as () => ImageEngine });
    const urls = Array.from({ length: 25 }, (_, n) => `${stored.url}?n=${n}`);
    const measured = await Promise.all(urls.map((u) => facts.detailImage(u, companyId)));

    expect(reads).toHaveLength(1);
    expect(measured.map((m) => m.url)).toEqual(urls);
    for (const m of measured) {
      expect(m.width).toBe(side);
      expect(m.height).toBe(side);
      expect(m.bytes).toBe(png.byteLength);
    }
  });
});
