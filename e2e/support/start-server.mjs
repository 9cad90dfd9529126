// Starts the real server for the browser tests on a FRESH database, then cleans up on exit.
//  - TEST_DATABASE_URL set: creates database e2e_<random> on that server and passes DATABASE_URL.
//  - otherwise: DATABASE_URL unset and a fresh temporary DATA_DIR (the server starts embedded PostgreSQL there).
// The web app:
//  - CI=true (one run per checkout): built into apps/web/dist and served by the server itself, as in production.
//  - otherwise (a checkout shared by engineers who rebuild apps/web/dist at any moment): built into this run's
//    temporary folder and served by a small front on E2E_PORT that forwards /api/* to the real server.
//  E2E_SKIP_BUILD=1 skips the build and uses apps/web/dist as it is.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error('E2E_PORT is not set');
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rr-e2e-'));
// As root the embedded PostgreSQL runs as `postgres`, which must be able to enter this directory.
chmodSync(dataDir, 0o755);

const isolated = process.env.CI !== 'true' && process.env.E2E_SKIP_BUILD !== '1';
const webDir = isolated ? path.join(dataDir, 'web') : path.join(repoRoot, 'apps/web/dist');
if (process.env.E2E_SKIP_BUILD !== '1') {
  const args = isolated ? ['vite', 'build', '--outDir', webDir, '--emptyOutDir'] : ['vite', 'build'];
  const build = spawnSync('npx', args, {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('web build failed');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
}

/** A free TCP port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(p));
    });
  });
}

let databaseUrl;
let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  console.log(`e2e database: ${name}`);
}

const serverPort = isolated ? await freePort() : port;
const env = {
  ...process.env,
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Stored images get absolute URLs on the address the browser uses (as in production behind a domain):
  // the Rocket Growth export sends images by public URL only.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
// Issue 23: registration goes to the fake Coupang gateway on E2E_FAKE_COUPANG_PORT (the tests steer it).
const fakeCoupangPort = process.env.E2E_FAKE_COUPANG_PORT || String(await freePort());
const fakeCoupang = spawn('npx', ['tsx', 'apps/server/src/coupang/fake/main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, FAKE_COUPANG_PORT: fakeCoupangPort },
  stdio: 'inherit',
});
env.COUPANG_API_BASE_URL = `http://127.0.0.1:${fakeCoupangPort}`;
delete env.DATABASE_URL;
if (databaseUrl) env.DATABASE_URL = databaseUrl;
// Its own port, so the embedded PostgreSQL does not race other servers for 54329+.
else env.EMBEDDED_PG_PORT = String(await freePort());

// Issue 38: the 1688 stand-in of the extension tests (HTTPS on E2E_1688_PORT) gets its certificate here, before
// the server starts: the server trusts it (NODE_EXTRA_CA_CERTS, this process only, TLS stays verified) and
// fetches the images of cbu01.alicdn.com from the stand-in (TEST_IMAGE_HOSTS, refused in production).
const tlsDir = process.env.E2E_1688_TLS_DIR;
if (tlsDir && process.env.E2E_1688_PORT) {
  mkdirSync(tlsDir, { recursive: true });
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
      '/CN=1688 stand-in (e2e)',
      '-addext',
      'subjectAltName=DNS:*.1688.com,DNS:itemcdn.tmall.com,DNS:*.alicdn.com',
      '-keyout',
      path.join(tlsDir, 'key.pem'),
      '-out',
      path.join(tlsDir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make the 1688 stand-in's certificate: ${made.stderr}`);
  env.NODE_EXTRA_CA_CERTS = path.join(tlsDir, 'cert.pem');
  env.TEST_IMAGE_HOSTS = `cbu01.alicdn.com=127.0.0.1:${process.env.E2E_1688_PORT}`;
}

// Issue 41: the daily exchange-rate source the operator configures (EXCHANGE_RATE_URL) is a stand-in here,
// in the shape the server reads (ECB rates as Frankfurter serves them): 1 yuan = 360 won, dated the Korean
// day it is asked for (tests/exchange-rate.spec.ts). 360 is within 3 % of the default 350.
const rateSource = http.createServer((_req, res) => {
  const date = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ amount: 1, base: 'CNY', date, rates: { KRW: 360 } }));
});
await new Promise((resolve) => rateSource.listen(0, '127.0.0.1', resolve));
env.EXCHANGE_RATE_URL = `http://127.0.0.1:${rateSource.address().port}/latest?from=CNY&to=KRW`;

const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: 'inherit' });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** This run's web build + history-mode fallback; /api/* and /files/* go to the real server. */
const front = isolated
  ? http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/files/')) {
        const upstream = http.request(
          { host: '127.0.0.1', port: serverPort, path: req.url, method: req.method, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        req.pipe(upstream);
        return;
      }
      let file = path.join(webDir, path.normalize(decodeURIComponent(url.pathname)));
      if (!file.startsWith(webDir) || !existsSync(file) || !statSync(file).isFile()) {
        file = path.join(webDir, 'index.html');
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    })
  : null;
front?.listen(port, '127.0.0.1');

let cleaning = false;
async function cleanup(code) {
  if (cleaning) return;
  cleaning = true;
  front?.close();
  rateSource.close();
  if (fakeCoupang.exitCode === null) fakeCoupang.kill('SIGTERM');
  await dropDatabase().catch((err) => console.error('could not drop the e2e database', err));
  rmSync(dataDir, { recursive: true, force: true });
  if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  process.exit(code);
}

server.on('exit', (code) => void cleanup(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
    else void cleanup(0);
  });
}
