import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { createStorage } from '../../src/images/storage.ts';
import { createTestDb } from '../support/test-db.ts';
import { buildTestApp, signUp } from './helpers.ts';

const { db } = await createTestDb();
const { app, dataDir, container } = await buildTestApp(db);
afterAll(() => app.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** A 30000×30000 grey PNG (IHDR says so; the pixel data is a few deflated rows): a decompression bomb. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;

describe('demo products', () => {
  it('seeds 8 registered products with options, Chinese attributes and stored images, once', async () => {
    const a = await signUp(app, db);
    const storage = createStorage({
      dataDir: mkdtempSync(path.join(tmpdir(), 'rr-demo-')),
      publicUrl: undefined,
    });
    expect(await seedDemoProducts(container.demoProducts, a.companyId, storage)).toBe(8);
    expect(await seedDemoProducts(container.demoProducts, a.companyId, storage)).toBe(0);
    const list = await a.post('/api/aiRocketReg/getlist', { pageSize: 100 });
    expect(list.body.total).toBe(8);
    const codes = new Set(
      list.body.products.map(
        (p: { rocketRegInfo: { displayCategoryCode: number } }) => p.rocketRegInfo.displayCategoryCode,
      ),
    );
    expect([...codes].sort()).toEqual([62614, 68010, 77426, 77917, 79382, 80388]);
    for (const p of list.body.products) {
      expect(p.options.length).toBeGreaterThanOrEqual(3);
      expect(p.coupangDoc.jsonDocument).toHaveLength(p.options.length);
      expect(p.attributes.length).toBeGreaterThan(0);
      expect(
        p.attributes.some((x: { attributeName: string }) => /[\u4e00-\u9fff]/.test(x.attributeName)),
      ).toBe(true);
      const image = await storage.read(p.mainImages[0]);
      expect(image?.contentType).toBe('image/jpeg');
      const meta = await sharp(image!.data).metadata();
      expect(meta.width).toBe(800);
    }
    // packing rows (装箱数, 箱规) are not attributes
    expect(
      list.body.products.flatMap((p: { attributes: { attributeName: string }[] }) =>
        p.attributes.map((x) => x.attributeName),
      ),
    ).not.toContain('装箱数');
  });
});

describe('POST /api/rocket-registration/upload-image', () => {
  it('stores an image under the company with the supplier-code name and answers 요청결과 success', async () => {
    const a = await signUp(app, db);
    const company = await db
      .selectFrom('companies')
      .select('supplier_code')
      .where('id', '=', a.companyId)
      .executeTakeFirstOrThrow();
    const r = await a.post('/api/rocket-registration/upload-image', {
      imageData: dataUrl(await png(1000, 900)),
      filename: 'photo.png',
      type: 'main',
      companyId: 'other',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      요청결과: 'success',
      filename: `${company.supplier_code}_photo.png`,
      width: 1000,
      height: 900,
      fitted: false,
    });
    expect(r.body.imageUrl).toContain(`/files/${a.companyId}/`);
    const stored = await createStorage({ dataDir, publicUrl: undefined }).read(r.body.imageUrl);
    expect(stored).toBeDefined();
    const noExt = await a.post('/api/rocket-registration/upload-image', {
      imageData: dataUrl(await png(500, 500)),
      filename: 'label',
      type: 'koreanLabel',
    });
    expect(noExt.body.filename).toBe(`${company.supplier_code}_label.jpg`);
  });

  it('fits images under 400 px or over 8000 px onto 800×800, refuses non-images and decompression bombs', async () => {
    const a = await signUp(app, db);
    const small = await a.post('/api/rocket-registration/upload-image', {
      imageData: dataUrl(await png(300, 200)),
      filename: 's.png',
      type: 'detail',
    });
    expect(small.body).toMatchObject({ fitted: true, width: 800, height: 800 });
    const wide = await a.post('/api/rocket-registration/upload-image', {
      imageData: dataUrl(await png(9000, 500)),
      filename: 'w.png',
      type: 'detail',
    });
    expect(wide.body).toMatchObject({ fitted: true, width: 800, height: 800 });
    const text = await a.post('/api/rocket-registration/upload-image', {
      imageData: `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`,
      filename: 'x.png',
      type: 'main',
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('이미지 파일이 아닙니다 (JPG, PNG, GIF, WEBP).');
    const bomb = pngHeaderOnly(30000, 30000);
    const r = await a.post('/api/rocket-registration/upload-image', {
      imageData: dataUrl(bomb),
      filename: 'bomb.png',
      type: 'main',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('이미지가 너무 큽니다 (최대 1억 픽셀).');
    const none = await a.post('/api/rocket-registration/upload-image', { filename: 'x.png', type: 'main' });
    expect(none.body.error).toBe('이미지 데이터가 없습니다.');
  });
});
