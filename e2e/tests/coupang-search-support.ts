import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Issue 42: a stand-in for Coupang's search (www.coupang.com), HTTPS on a local port that Chromium is
 * told to resolve www.coupang.com to (`launchWithExtension(…, [rule])`). It serves the search page
 * (`/np/search`, the recorded shape: related keywords and the page data) and the autocomplete answer
 * (`/np/search/autoComplete`, JSONP as recorded), and remembers what was asked. `autocomplete: null`
 * answers 403 as Coupang does to a request it refuses.
 */
export async function startCoupangSearch(pages: {
  search: string;
  autocomplete: string | null;
  /** Delay of the autocomplete answer (ms): one slower than the 30 s ends in 키워드 수집 시간 초과. */
  autocompleteDelayMs?: number;
}): Promise<{
  port: number;
  rule: string;
  requests: { path: string; query: Record<string, string>; cookie: boolean }[];
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rr-coupang-tls-'));
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
      '/CN=www.coupang.com',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate: ${made.stderr}`);
  const requests: { path: string; query: Record<string, string>; cookie: boolean }[] = [];
  const server = https.createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
    (req, res) => {
      const url = new URL(req.url ?? '/', 'https://www.coupang.com');
      requests.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        cookie: (req.headers.cookie ?? '').includes('PCID='),
      });
      if (url.pathname === '/np/search/autoComplete') {
        const answer = () => {
          if (res.destroyed) return;
          if (pages.autocomplete === null)
            res.writeHead(403, { 'content-type': 'text/html' }).end('Access Denied');
          else
            res.writeHead(200, { 'content-type': 'text/javascript;charset=UTF-8' }).end(pages.autocomplete);
        };
        if (pages.autocompleteDelayMs) setTimeout(answer, pages.autocompleteDelayMs);
        else answer();
        return;
      }
      if (url.pathname === '/np/search') {
        res
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'set-cookie': 'PCID=test-visitor; Path=/',
          })
          .end(pages.search);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    rule: `MAP www.coupang.com 127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
