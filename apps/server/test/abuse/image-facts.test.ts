import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageFactsReader, MAX_FACT_IMAGE_BYTES } from '../../src/exports/image-facts.ts';
import type { FileStorage } from '../../src/images/storage.ts';
import type { ImageEngine } from '../../src/images/translate/engine.ts';

// Issue 21's pre-flight row: a product listing one stored 20 MB PNG 25 times (`?n=0..24`) made 25
// reads at once (+508 MB). The reader now reads a stored file once whatever its query, lets reads
// take turns, and does not read a file over the cap. A storage double counts the reads.

async function storageWith(files: Record<string, number>) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const reads: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const keyOf = (url: string) => (url.startsWith('/files/') ? url.slice(7).split('?')[0] : undefined);
  const storage = {
    isOwnUrl: (url: string) => url.startsWith('/files/'),
    keyOf,
    stat: async (key: string) => (key in files ? { size: files[key]!, contentType: 'image/png' } : undefined),
    // fetchImage reads a stored file by its key (after checking the company owns it).
    read: async (keyOrUrl: string) => {
      const key = keyOf(keyOrUrl) ?? keyOrUrl;
      reads.push(key);
      open++;
      mostOpen = Math.max(mostOpen, open);
      await new Promise((r) => setTimeout(r, 20));
      open--;
      return { data: png, contentType: 'image/png', key };
    },
  } as unknown as FileStorage;
  return { storage, reads, mostOpen: () => mostOpen };
}

const noEngine = () => {
  throw new Error('no OCR for detail images');
};

describe('pre-flight image facts', () => {
  it('reads one stored file listed 25 times once, and every URL gets its facts', async () => {
    const { storage, reads } = await storageWith({ 'c1/big.png': 1000 });
    const facts = createImageFactsReader({ storage, images: noEngine as () => ImageEngine });
    const urls = Array.from({ length: 25 }, (_, n) => `/files/c1/big.png?n=${n}`);
    const measured = await Promise.all(urls.map((u) => facts.detailImage(u, 'c1')));
    expect(reads).toEqual(['c1/big.png']);
    expect(measured.map((m) => m.url)).toEqual(urls);
    expect(measured.every((m) => m.width === 40 && m.height === 30)).toBe(true);
  });

  it('reads different files two at a time at most', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c1/${i}.png`, 1000]));
    const { storage, reads, mostOpen } = await storageWith(files);
    const facts = createImageFactsReader({ storage, images: noEngine as () => ImageEngine });
    await Promise.all(Object.keys(files).map((k) => facts.detailImage(`/files/${k}`, 'c1')));
    expect(reads).toHaveLength(10);
    expect(mostOpen()).toBe(2);
  });

  it('does not read a stored file over the cap: its size answers', async () => {
    const { storage, reads } = await storageWith({ 'c1/huge.png': MAX_FACT_IMAGE_BYTES + 1 });
    const facts = createImageFactsReader({ storage, images: noEngine as () => ImageEngine });
    const m = await facts.detailImage('/files/c1/huge.png', 'c1');
    expect(reads).toEqual([]);
    expect(m).toEqual({
      url: '/files/c1/huge.png',
      width: null,
      height: null,
      bytes: MAX_FACT_IMAGE_BYTES + 1,
    });
    expect(await facts.mainImage('/files/c1/huge.png', 'c1')).toBeNull();
  });

  it('never reads or measures another company’s stored file', async () => {
    const { storage, reads } = await storageWith({ 'c1/mine.png': MAX_FACT_IMAGE_BYTES + 1 });
    const facts = createImageFactsReader({ storage, images: noEngine as () => ImageEngine });
    const m = await facts.detailImage('/files/c1/mine.png', 'c2');
    expect(reads).toEqual([]);
    expect(m.bytes).toBeNull(); // not even its size is told
  });
});
