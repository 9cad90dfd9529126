import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, isBlockedAddress, isImageReachable } from '../../src/images/fetch-image.ts';
import { fitImage } from '../../src/images/ops/fit.ts';
import { createLocalStorage } from '../../src/images/storage.ts';

let server: http.Server;
let origin: string;
let hits: string[] = [];
/** The Host header of each request. */
let hostHeaders: string[] = [];
let png: Buffer;
let bomb: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    hostHeaders.push(req.headers.host ?? '');
    if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/bomb.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(bomb);
    if (req.url === '/text')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>hello</html>');
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.1.2.3/x.png' }).end();
    if (req.url === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/to-ok') return res.writeHead(301, { location: '/ok.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const allow = () => ({ allowPrivateOrigins: [origin] });

describe('fetchImage', () => {
  it('loads an image over http (test server allowed explicitly) and follows a redirect', async () => {
    const img = await fetchImage(`http://${origin}/ok.png`, allow());
    expect([img.format, img.width, img.height, img.source]).toEqual(['png', 500, 500, 'http']);
    expect((await fetchImage(`http://${origin}/to-ok`, allow())).width).toBe(500);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:9/x.png'],
    ['localhost', 'http://localhost/x.png'],
    ['private 10.x', 'http://10.0.0.5/x.png'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/x.png'],
    ['mapped IPv4', 'http://[::ffff:127.0.0.1]/x.png'],
  ])('refuses %s addresses before connecting', async (_n, url) => {
    await expect(fetchImage(url)).rejects.toMatchObject({
      code: 'image_url_blocked',
      userMessage: { ko: '허용되지 않는 이미지 주소입니다' },
    });
  });

  it('refuses a redirect to a private or metadata address', async () => {
    hits = [];
    await expect(fetchImage(`http://${origin}/to-private`, allow())).rejects.toMatchObject({
      code: 'image_url_blocked',
    });
    await expect(fetchImage(`http://${origin}/to-metadata`, allow())).rejects.toMatchObject({
      code: 'image_url_blocked',
    });
    expect(hits).toEqual(['/to-private', '/to-metadata']);
  });

  it('answers a test host from its stand-in (TEST_IMAGE_HOSTS) and nothing else', async () => {
    const port = Number(origin.split(':')[1]);
    const hosts = new Map([['cbu01.alicdn.com', { address: '127.0.0.1', port }]]);
    hits = [];
    hostHeaders = [];
    const img = await fetchImage('http://cbu01.alicdn.com/ok.png', { hosts });
    expect([img.format, img.width, img.source]).toEqual(['png', 500, 'http']);
    expect(await isImageReachable('http://CBU01.alicdn.com/ok.png', { hosts })).toBe(true);
    // The request names the host itself; the stand-in's address is only where it connects.
    expect(hostHeaders).toEqual(['cbu01.alicdn.com', 'cbu01.alicdn.com']);
    // The stand-in's own address stays private for everything else, and so do its redirects.
    await expect(fetchImage(`http://${origin}/ok.png`, { hosts })).rejects.toMatchObject({
      code: 'image_url_blocked',
    });
    await expect(fetchImage('http://cbu01.alicdn.com/to-private', { hosts })).rejects.toMatchObject({
      code: 'image_url_blocked',
    });
  });

  it("verifies a test host stand-in's TLS certificate for the host's own name", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rr-fetch-tls-'));
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=cbu01.alicdn.com',
      '-addext',
      'subjectAltName=DNS:cbu01.alicdn.com',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    expect(made.status).toBe(0);
    const tls = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    const port = (tls.address() as AddressInfo).port;
    try {
      // A certificate this process does not trust (no NODE_EXTRA_CA_CERTS here): refused, not read.
      await expect(
        fetchImage('https://cbu01.alicdn.com/ok.png', {
          hosts: new Map([['cbu01.alicdn.com', { address: '127.0.0.1', port }]]),
        }),
      ).rejects.toMatchObject({ code: 'image_load_failed' });
    } finally {
      tls.closeAllConnections();
      await new Promise<void>((r) => tls.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a decompression bomb, a non-image, a 404, non-http schemes and a missing URL', async () => {
    await expect(fetchImage(`http://${origin}/bomb.png`, allow())).rejects.toMatchObject({
      code: 'image_too_many_pixels',
    });
    await expect(fetchImage(`http://${origin}/text`, allow())).rejects.toMatchObject({
      code: 'image_invalid',
    });
    await expect(fetchImage(`http://${origin}/missing.png`, allow())).rejects.toMatchObject({
      code: 'image_download_failed',
      userMessage: { ko: '이미지 다운로드 실패 (상태 404)' },
    });
    await expect(fetchImage('file:///etc/passwd')).rejects.toMatchObject({ code: 'image_url_invalid' });
    await expect(fetchImage('')).rejects.toMatchObject({
      code: 'image_url_missing',
      userMessage: { ko: '이미지 URL이 없습니다' },
    });
  });

  it('stops at the byte limit and at the timeout', async () => {
    await expect(
      fetchImage(`http://${origin}/bomb.png`, { ...allow(), maxBytes: 100 }),
    ).rejects.toMatchObject({ code: 'image_too_large' });
    const slow = http.createServer(() => {});
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const o = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
    await expect(
      fetchImage(`http://${o}/x.png`, { allowPrivateOrigins: [o], timeoutMs: 200 }),
    ).rejects.toMatchObject({
      code: 'image_load_timeout',
    });
    slow.closeAllConnections();
    await new Promise<void>((r) => slow.close(() => r()));
  });

  it('reads our own storage URLs directly, never escaping the folder', async () => {
    const storage = createLocalStorage({
      dataDir: mkdtempSync(path.join(tmpdir(), 'img-')),
      publicUrl: undefined,
    });
    const f = await storage.put('company-1', '../../evil name.png', png);
    expect(f.url).toMatch(/^\/files\/company-1\/\d{6}\/[\w-]+-evil_name\.png$/);
    const img = await fetchImage(f.url, { storage, company: 'company-1' });
    expect(img.source).toBe('storage');
    // Another company's stored file is not read for this one, by URL or by a URL spelled otherwise.
    for (const url of [f.url, `/files/${encodeURIComponent(f.key).replace(/%2F/g, '/')}?x=1`])
      await expect(fetchImage(url, { storage, company: 'company-2' })).rejects.toMatchObject({
        code: 'image_not_found',
        kind: 'not_found',
        userMessage: { ko: '저장된 이미지를 찾을 수 없습니다' },
      });
    await expect(fetchImage(f.url, { storage, company: 'company' })).rejects.toMatchObject({
      code: 'image_not_found',
    });
    expect(storage.keyOf('/files/../app-secret')).toBeUndefined();
    expect(storage.keyOf('/files/company-1/%2e%2e/%2e%2e/app-secret')).toBeUndefined();
    expect(() => storage.pathOf('company-1/../../x')).toThrow();
  });

  it('classifies addresses', () => {
    expect(
      [
        '127.0.0.1',
        '10.2.3.4',
        '172.20.1.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.1.1',
        '::1',
        'fd00::1',
        'fe80::1',
      ].every(isBlockedAddress),
    ).toBe(true);
    expect(['8.8.8.8', '1.1.1.1', '2606:4700::1111'].some(isBlockedAddress)).toBe(false);
  });

  it('blocks every IPv6 form that carries an internal IPv4 address, and the deprecated or special ranges', () => {
    const blockedForms = {
      'IPv4-compatible ::/96 (127.0.0.1)': '::7f00:1',
      'IPv4-compatible ::/96 (metadata)': '::a9fe:a9fe',
      'IPv4-mapped, hex form as the URL parser writes it': '::ffff:7f00:1',
      'IPv4-mapped, dotted': '::ffff:169.254.169.254',
      'IPv4-translated ::ffff:0:0/96': '::ffff:0:7f00:1',
      '6to4 2002::/16 (127.0.0.1)': '2002:7f00:1::1',
      '6to4 2002::/16 (public v4, still a tunnel)': '2002:808:808::1',
      'site-local fec0::/10': 'fec0::1',
      'site-local fec0::/10, upper end': 'feff::1',
      'Teredo 2001::/32': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'NAT64 64:ff9b::/96': '64:ff9b::a9fe:a9fe',
      'local NAT64 64:ff9b:1::/48': '64:ff9b:1::a00:1',
      'discard 100::/64': '100::1',
      'ORCHIDv2 2001:20::/28': '2001:20::1',
      'documentation 2001:db8::/32': '2001:db8::1',
      'documentation 3fff::/20': '3fff::1',
      'unspecified ::': '::',
      'link-local with a zone': 'fe80::1%eth0',
      'multicast v6': 'ff02::1',
      '0.0.0.0/8': '0.1.2.3',
      broadcast: '255.255.255.255',
      'benchmarking 198.18.0.0/15': '198.19.0.1',
      'IETF 192.0.0.0/24': '192.0.0.8',
      'not an address': 'example.com',
    };
    const passed = Object.entries(blockedForms).filter(([, a]) => !isBlockedAddress(a));
    expect(passed).toEqual([]);
    expect(['2a00:1450:4001:80b::200e', '8.8.4.4', '1.0.0.1', '2400:cb00::1'].some(isBlockedAddress)).toBe(
      false,
    );
  });

  it('refuses an IPv6 literal URL that hides a loopback or metadata address, before connecting', async () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]/a.png',
      'http://[::127.0.0.1]/a.png',
      'http://[2002:7f00:1::]/a.png',
      'http://[fec0::1]/a.png',
      'http://[64:ff9b::169.254.169.254]/latest/meta-data',
    ]) {
      await expect(fetchImage(url), url).rejects.toMatchObject({ code: 'image_url_blocked' });
    }
  });
});

describe('image ops', () => {
  it('fits images under 400 or over 8000 px on a side onto an 800×800 white canvas, keeps others', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const fitted = await fitImage(small);
    expect([fitted.fitted, fitted.width, fitted.height]).toEqual([true, 800, 800]);
    const corner = await sharp(fitted.data)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...corner].every((v) => v > 245)).toBe(true);
    expect((await fitImage(png)).fitted).toBe(false);
  });
});
