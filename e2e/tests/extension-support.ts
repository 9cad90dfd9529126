import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { EXTENSION_ID } from '@rr/contracts';
import { CHROMIUM_ARGS } from '../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
export const EXTENSION_DIR = path.join(repoRoot, 'apps/extension/dist/extension');
export const fixture = (name: string) => readFileSync(path.join(here, '../fixtures', name), 'utf8');

/** Builds the extension as `npm run build` does (dist/extension + zip). */
export function buildExtension(): void {
  const res = spawnSync(process.execPath, ['apps/extension/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`extension build failed: ${res.stderr}`);
}

/**
 * A stand-in for 1688's web servers: HTTPS on a local port. Chromium is told to resolve the 1688 hosts
 * (and cbu01.alicdn.com, 1688's image host) to it, so every tab reaches it at 1688's own addresses,
 * also the tabs the extension opens itself (Playwright's request routing attaches to such a tab only
 * after its first request has left). Pages are looked up on each request: a test may change what an
 * offer page holds.
 *
 * It listens on the run's E2E_1688_PORT with the certificate start-server.mjs made for the run in
 * E2E_1688_TLS_DIR, which the app server trusts: the server then fetches the images of
 * cbu01.alicdn.com from here too (TEST_IMAGE_HOSTS), as it fetches them from 1688 in production.
 * Without those (E2E_REUSE against a server started otherwise) it makes its own certificate on a
 * free port, and only the browser reaches it.
 */
export async function start1688(
  offers: Map<string, string>,
  lists: Map<string, string> = new Map(),
  /** Description pages on itemcdn.tmall.com by path, as the bytes 1688 serves (GBK or UTF-8). */
  descriptions: Map<string, Buffer> = new Map(),
  /** Images on cbu01.alicdn.com by path (JPEG bytes). */
  images: Map<string, Buffer> = new Map(),
): Promise<{
  port: number;
  close: () => Promise<void>;
  descriptionRequests: string[];
  /** Image requests: path and who asked (`server`: the app server's image fetch; else `browser`). */
  imageRequests: { path: string; by: 'server' | 'browser' }[];
}> {
  const descriptionRequests: string[] = [];
  const imageRequests: { path: string; by: 'server' | 'browser' }[] = [];
  const runDir = process.env.E2E_1688_TLS_DIR;
  const shared = runDir !== undefined && existsSync(path.join(runDir, 'cert.pem'));
  const dir = shared ? runDir : mkdtempSync(path.join(os.tmpdir(), 'rr-1688-tls-'));
  if (!shared) {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=*.1688.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make the test certificate: ${made.stderr}`);
  }
  const server = https.createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
    (req, res) => {
      const url = new URL(req.url ?? '/', `https://${req.headers.host}`);
      if (url.hostname === 'itemcdn.tmall.com') {
        descriptionRequests.push(url.pathname);
        const body = descriptions.get(url.pathname);
        if (body === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        // As 1688 serves it: a script, without a charset.
        else res.writeHead(200, { 'content-type': 'application/javascript' }).end(body);
        return;
      }
      if (url.hostname === 'cbu01.alicdn.com') {
        const by = /rocket-registration image fetch/.test(req.headers['user-agent'] ?? '')
          ? 'server'
          : 'browser';
        imageRequests.push({ path: url.pathname, by });
        const body = images.get(url.pathname);
        if (body === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        else if (req.method === 'HEAD')
          res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end();
        else res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
        return;
      }
      const id = /^\/offer\/(\d+)\.html$/.exec(url.pathname)?.[1];
      const html =
        url.hostname === 'detail.1688.com' && id
          ? offers.get(id)
          : url.hostname === 's.1688.com'
            ? lists.get(url.pathname)
            : undefined;
      if (html === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    },
  );
  const wanted = shared ? Number(process.env.E2E_1688_PORT ?? 0) : 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    descriptionRequests,
    imageRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!shared) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium with the unpacked extension: a persistent context (extensions need one) in the new
 * headless mode, which runs extensions; the other flags are the suite's, plus the 1688 hosts
 * resolved to the local stand-in (its certificate is the run's own, hence ignore-certificate-errors).
 */
export async function launchWithExtension(
  baseURL: string,
  port1688: number,
  /** More host-resolver rules (issue 42: `MAP www.coupang.com 127.0.0.1:<port>` for the Coupang stand-in). */
  moreHostRules: readonly string[] = [],
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'rr-ext-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL,
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--headless'),
      '--headless=new',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      `--host-resolver-rules=${[
        `MAP detail.1688.com 127.0.0.1:${port1688}`,
        `MAP s.1688.com 127.0.0.1:${port1688}`,
        `MAP itemcdn.tmall.com 127.0.0.1:${port1688}`,
        `MAP cbu01.alicdn.com 127.0.0.1:${port1688}`,
        ...moreHostRules,
      ].join(', ')}`,
      '--ignore-certificate-errors',
    ],
  });
  // The extension's service worker is up: the extension loaded, with the id its manifest key gives.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(worker.url()).toBe(`chrome-extension://${EXTENSION_ID}/service-worker.js`);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** An offer page as 1688 serves it: the capture assigned in a page script. */
export function offerPage(title: string, script: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title>
<script>${script}</script></head><body><h1>${title}</h1><p>1688 offer page (test copy)</p></body></html>`;
}

/** `window.context = (function(a,b){…})(window.context || {}, {…});` as the PC page writes it. */
export const contextScript = (json: string) =>
  `window.contextPath = "/offer";\nwindow.context = (function(a,b){a.result=b.result;return a;})(window.context || {}, ${safeJson(json)});`;

/** `window.__INIT_DATA = {…}` as the 2024 PC page writes it. */
export const initDataScript = (json: string) => `window.__INIT_DATA = ${safeJson(json)};`;

/** JSON text that may stand inside a <script> element. */
const safeJson = (json: string) => JSON.stringify(JSON.parse(json)).replaceAll('</', '<\\/');

/** Makes a token on the settings screen and answers its value (shown once). */
export async function createToken(page: Page, name: string): Promise<string> {
  await page.goto('/settings');
  const section = page.getByTestId('access-tokens');
  await section.getByLabel('토큰 이름').fill(name);
  await section.getByTestId('token-create').click();
  await expect(section.getByTestId('token-made')).toContainText(`토큰 "${name}"을(를) 만들었습니다.`);
  const token = (await section.getByTestId('token-value').textContent())?.trim() ?? '';
  expect(token).toMatch(/^rrt_/);
  await expect(section.getByTestId('token-row').filter({ hasText: name })).toContainText('사용 안 함');
  return token;
}

/** Enters the server and token on the extension's options page. */
export async function connectExtension(
  context: BrowserContext,
  server: string,
  token: string,
): Promise<void> {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
  await expect(options.getByRole('heading', { name: '로켓 등록 — 1688 담기 설정' })).toBeVisible();
  await options.getByLabel('서버 주소').fill(`${server}/`);
  await options.getByLabel('액세스 토큰').fill(token);
  await options.getByRole('button', { name: '저장' }).click();
  await expect(options.getByRole('status')).toHaveText(/^연결과 토큰을 확인하고 저장했습니다 \(.+@.+\)\.$/);
  await expect(options.getByLabel('서버 주소')).toHaveValue(server);
  await options.close();
}

export type Option = { sourceKey: string; price: number | null; stock: number; weightG: number | null };

/** The product's options as stored (read as the seller's web app reads them). */
export async function optionsOf(page: Page, productId: string): Promise<Option[]> {
  const res = await page.request.post('/api/aiRocketReg/getlist', {
    data: { ids: [productId], view: 'full' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { products: { _id: string; options: Option[] }[] };
  const product = body.products.find((p) => p._id === productId);
  expect(product).toBeDefined();
  return product!.options.map((o) => ({
    sourceKey: o.sourceKey,
    price: o.price,
    stock: o.stock,
    weightG: o.weightG,
  }));
}

/** Text → GBK bytes (Node decodes GBK but does not encode it: the table is its decoder's, reversed). */
export function encodeGbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk', { fatal: true });
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      try {
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (!table.has(char)) table.set(char, [lead, trail]);
      } catch {
        // not a character
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else {
      const code = table.get(char);
      if (!code) throw new Error(`not in GBK: ${char}`);
      bytes.push(...code);
    }
  }
  return Buffer.from(bytes);
}

/**
 * The extension's elements live in closed shadow roots that Playwright's locators do not enter; the
 * test reaches them as DevTools does (the DOM with shadow roots pierced) and clicks them with the
 * real mouse at their place, which is a trusted click like the seller's.
 */
export async function closedUi(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  type Node = {
    backendNodeId: number;
    attributes?: string[];
    children?: Node[];
    shadowRoots?: Node[];
    contentDocument?: Node;
  };
  async function find(testId: string): Promise<number[]> {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
    const found: number[] = [];
    const walk = (node: Node) => {
      const attrs = node.attributes ?? [];
      for (let i = 0; i < attrs.length; i += 2)
        if (attrs[i] === 'data-testid' && attrs[i + 1] === testId) found.push(node.backendNodeId);
      for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child);
    };
    walk(root);
    return found;
  }
  async function call<T>(testId: string, index: number, fn: string): Promise<T | null> {
    const ids = await find(testId);
    const backendNodeId = ids[index];
    if (backendNodeId === undefined) return null;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      functionDeclaration: fn,
      returnByValue: true,
    });
    return result.value as T;
  }
  return {
    count: async (testId: string) => (await find(testId)).length,
    text: (testId: string, index = 0) => call<string>(testId, index, 'function(){return this.textContent}'),
    attr: (testId: string, name: string, index = 0) =>
      call<string | null>(testId, index, `function(){return this.getAttribute(${JSON.stringify(name)})}`),
    disabled: (testId: string, index = 0) => call<boolean>(testId, index, 'function(){return this.disabled}'),
    /** Calls `click()` on the element from a script (an untrusted click). */
    scriptClick: (testId: string, index = 0) => call<void>(testId, index, 'function(){this.click()}'),
    /** The element's centre in the page, or null. */
    async centre(testId: string, index = 0): Promise<{ x: number; y: number } | null> {
      const backendNodeId = (await find(testId))[index];
      if (backendNodeId === undefined) return null;
      const { quads } = await cdp.send('DOM.getContentQuads', { backendNodeId });
      const q = quads[0];
      if (!q) return null;
      return { x: (q[0]! + q[2]! + q[4]! + q[6]!) / 4, y: (q[1]! + q[3]! + q[5]! + q[7]!) / 4 };
    },
    /** A real mouse click at the element (trusted). */
    async click(testId: string, index = 0): Promise<void> {
      await expect.poll(async () => (await find(testId)).length > index).toBe(true);
      const at = await this.centre(testId, index);
      if (!at) throw new Error(`${testId} has no box`);
      await page.mouse.click(at.x, at.y);
    },
  };
}
