import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { seedDemoProducts } from '../../src/demo/seed-demo-products.ts';
import { buildApp } from '../../src/http/app.ts';
import { createStorage } from '../../src/images/storage.ts';
import { createTestDb } from '../support/test-db.ts';
import { signUp } from './helpers.ts';

// With S3_* configured, the upload call and the demo seed store their files in the bucket through
// the image module's storage (createStorage), and /files/... serves them back from there.

const BUCKET = 'rr-uploads';
const objects = new Map<string, { body: Buffer; type: string }>();

/** Path-style PUT/GET/HEAD `/<bucket>/<key>`; unsigned requests are refused as a real store would. */
function handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
  if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    return;
  }
  const [, bucket, ...rest] = new URL(req.url ?? '/', 'http://s3').pathname.split('/');
  const key = decodeURIComponent(rest.join('/'));
  if (bucket !== BUCKET) {
    res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
    return;
  }
  if (req.method === 'PUT') {
    objects.set(key, { body, type: req.headers['content-type'] ?? 'application/octet-stream' });
    res.writeHead(200, { etag: '"x"' }).end();
    return;
  }
  const obj = objects.get(key);
  if (!obj) {
    res.writeHead(404).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
    return;
  }
  const headers = { 'content-type': obj.type, 'content-length': obj.body.length };
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : obj.body);
}

const s3 = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => handle(req, Buffer.concat(chunks), res));
});
await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => s3.close(() => r())));

const { db } = await createTestDb();
const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-products-s3-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'test-secret-0123456789abcdef',
  DEMO: 'false',
  S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
  S3_BUCKET: BUCKET,
  S3_REGION: 'ap-northeast-2',
  S3_ACCESS_KEY_ID: 'AKIATEST',
  S3_SECRET_ACCESS_KEY: 'secret',
});
const container = createContainer(config, db, { log: false });
const app = await buildApp(container, { logger: false });
afterAll(() => app.close());

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
});

describe('uploads with S3-compatible storage', () => {
  it('upload-image stores the file in the bucket under the company and /files/ serves it back', async () => {
    const a = await signUp(app, db);
    const r = await a.post('/api/rocket-registration/upload-image', {
      imageData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      filename: 'main.jpg',
      type: 'main',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ 요청결과: 'success', width: 600, height: 500, fitted: false });
    const key = decodeURIComponent(String(r.body.imageUrl).replace(/^\/files\//, ''));
    expect(key.startsWith(`${a.companyId}/`)).toBe(true);
    expect(objects.get(key)?.body.equals(jpeg)).toBe(true);
    // nothing was written to the local folder
    expect(existsSync(path.join(dataDir, 'files', a.companyId))).toBe(false);
    const served = await app.inject({ method: 'GET', url: r.body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it('the demo seed puts the sample images in the bucket too', async () => {
    const a = await signUp(app, db);
    const before = objects.size;
    const created = await seedDemoProducts(container.demoProducts, a.companyId, createStorage(config));
    expect(created).toBe(8);
    const demoKeys = [...objects.keys()].filter((k) => k.startsWith(`${a.companyId}/`));
    expect(objects.size - before).toBe(demoKeys.length);
    expect(demoKeys.length).toBeGreaterThanOrEqual(16); // main images and a detail image per product
    const list = await a.post('/api/aiRocketReg/getlist', { view: 'summary', pageSize: 8 });
    for (const row of list.body.products) {
      const key = decodeURIComponent(String(row.thumbnail).replace(/^\/files\//, ''));
      expect(objects.has(key)).toBe(true);
    }
    expect(existsSync(path.join(dataDir, 'files', a.companyId))).toBe(false);
  });
});
