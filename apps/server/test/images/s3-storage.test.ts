import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchImage } from '../../src/images/fetch-image.ts';
import { createStorage, type FileStorage, fileRoutes } from '../../src/images/storage.ts';

/**
 * A small S3-compatible server on 127.0.0.1: PUT/GET/HEAD object, path-style `/<bucket>/<key>`.
 * Requests without a SigV4 Authorization header for our access key are refused (403), as a real
 * store would; unknown buckets answer NoSuchBucket, unknown keys NoSuchKey.
 */
type Seen = { method: string; path: string; authorization: string | undefined; amzDate: string | undefined };

const BUCKET = 'rr-images';
const KEY_ID = 'AKIATESTKEY';
let server: Server;
let endpoint: string;
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: Seen[] = [];

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

function handle(req: IncomingMessage, body: Buffer, res: import('node:http').ServerResponse) {
  const auth = req.headers.authorization;
  seen.push({
    method: req.method ?? '',
    path: req.url ?? '',
    authorization: auth,
    amzDate: req.headers['x-amz-date'] as string | undefined,
  });
  const sigV4 = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${KEY_ID}/\\d{8}/[\\w-]+/s3/aws4_request, SignedHeaders=[\\w;-]+, Signature=[0-9a-f]{64}$`,
  );
  if (!auth || !sigV4.test(auth) || !req.headers['x-amz-date']) {
    res.writeHead(403, { 'content-type': 'application/xml' }).end(xmlError('AccessDenied'));
    return;
  }
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const [, bucket, ...rest] = url.pathname.split('/');
  const key = decodeURIComponent(rest.join('/'));
  if (bucket !== BUCKET) {
    res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchBucket'));
    return;
  }
  if (req.method === 'PUT') {
    objects.set(key, { body, type: req.headers['content-type'] ?? 'application/octet-stream' });
    res.writeHead(200, { etag: '"fake"' }).end();
    return;
  }
  const obj = objects.get(key);
  if (!obj) {
    if (req.method === 'HEAD') res.writeHead(404).end();
    else res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey'));
    return;
  }
  const headers = { 'content-type': obj.type, 'content-length': obj.body.length, etag: '"fake"' };
  if (req.method === 'HEAD') res.writeHead(200, headers).end();
  else if (req.method === 'GET') res.writeHead(200, headers).end(obj.body);
  else res.writeHead(405).end();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const s3Config = (
  over: Partial<{ publicUrl: string; secretAccessKey: string; accessKeyId: string }> = {},
) => ({
  endpoint,
  bucket: BUCKET,
  region: 'ap-northeast-2',
  accessKeyId: KEY_ID,
  secretAccessKey: 'test-secret-key',
  publicUrl: undefined,
  ...over,
});

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 420, height: 420, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
});

describe('S3-compatible storage', () => {
  it('is chosen by createStorage when config.s3 is set, and signs path-style PUT/GET/HEAD requests', async () => {
    expect(createStorage({ dataDir: '/nonexistent', publicUrl: undefined, s3: undefined }).kind).toBe(
      'local',
    );
    const storage = createStorage({ dataDir: '/nonexistent', publicUrl: undefined, s3: s3Config() });
    expect(storage.kind).toBe('s3');

    const f = await storage.put('company-1', '../../evil name.png', png);
    expect(f.key).toMatch(/^company-1\/\d{6}\/[\w-]+-evil_name\.png$/);
    expect(f.url).toBe(`/files/${f.key}`);
    expect(f.contentType).toBe('image/png');
    const put = seen.find((s) => s.method === 'PUT')!;
    expect(put.path.split('?')[0]).toBe(`/${BUCKET}/${f.key}`);
    expect(put.authorization).toContain('/ap-northeast-2/s3/aws4_request');
    expect(objects.get(f.key)?.body.equals(png)).toBe(true);
    expect(objects.get(f.key)?.type).toBe('image/png');

    const back = await storage.read(f.url);
    expect(back?.data.equals(png)).toBe(true);
    expect(back?.key).toBe(f.key);
    expect(seen.some((s) => s.method === 'GET' && s.path.split('?')[0] === `/${BUCKET}/${f.key}`)).toBe(true);

    expect(await storage.stat(f.key)).toEqual({ size: png.length, contentType: 'image/png' });
    expect(seen.at(-1)?.method).toBe('HEAD');
    expect(await storage.read('/files/company-1/000000/missing.png')).toBeUndefined();
    expect(await storage.stat('company-1/000000/missing.png')).toBeUndefined();
    // Keys that would leave the company folders never reach the store.
    const before = seen.length;
    expect(storage.keyOf('/files/../app-secret')).toBeUndefined();
    expect(await storage.read('/files/company-1/%2e%2e/%2e%2e/x')).toBeUndefined();
    expect(await storage.open('company-1/../../x')).toBeUndefined();
    expect(seen.length).toBe(before);
  });

  it('fails loudly with wrong credentials instead of losing files', async () => {
    const storage = createStorage({
      dataDir: '/nonexistent',
      publicUrl: undefined,
      s3: s3Config({ accessKeyId: 'SOMEONE-ELSE' }),
    });
    await expect(storage.put('company-1', 'a.png', png)).rejects.toThrow();
  });

  it('uses the public bucket URL when configured and reads its own URLs from the bucket, not over HTTP', async () => {
    const storage = createStorage({
      dataDir: '/nonexistent',
      publicUrl: 'https://app.example.com',
      s3: s3Config({ publicUrl: 'https://cdn.example.com/images/' }),
    });
    const f = await storage.put('company-2', 'photo.png', png);
    expect(f.url).toBe(`https://cdn.example.com/images/${f.key}`);
    expect(storage.isOwnUrl(f.url)).toBe(true);
    expect(storage.keyOf(`https://app.example.com/files/${f.key}`)).toBe(f.key);
    expect(storage.isOwnUrl('https://cdn.example.com/other/x.png')).toBe(false);
    const img = await fetchImage(f.url, { storage, company: 'company-2' });
    expect(img.source).toBe('storage');
    expect(img.data.equals(png)).toBe(true);
  });
});

describe('GET/HEAD /files/* over S3', () => {
  let app: FastifyInstance;
  let storage: FileStorage;
  beforeAll(async () => {
    storage = createStorage({ dataDir: '/nonexistent', publicUrl: undefined, s3: s3Config() });
    app = Fastify({ logger: false });
    await app.register(fileRoutes(storage));
  });
  afterAll(() => app.close());

  it('streams objects from the bucket, answers HEAD from the metadata, 404 for missing and escaping keys', async () => {
    const f = await storage.put('company-3', 'p.png', png);
    const get = await app.inject({ method: 'GET', url: f.url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(png)).toBe(true);

    seen.length = 0;
    const head = await app.inject({ method: 'HEAD', url: f.url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(png.length);
    expect(head.rawPayload.length).toBe(0);
    expect(seen.map((s) => s.method)).toEqual(['HEAD']);

    expect((await app.inject({ method: 'GET', url: '/files/company-3/000000/nope.png' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'HEAD', url: '/files/company-3/000000/nope.png' })).statusCode).toBe(
      404,
    );
    seen.length = 0;
    expect((await app.inject({ method: 'GET', url: '/files/company-3/..%2f..%2fx' })).statusCode).toBe(404);
    expect(seen).toEqual([]);
  });
});
