import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

// One free port, chosen once in the runner process; workers inherit it through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
// The fake Coupang gateway's port (issue 23), chosen the same way: the tests tell it to deny, time out…
if (!process.env.E2E_FAKE_COUPANG_PORT) {
  process.env.E2E_FAKE_COUPANG_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
// Issue 38: the local 1688 stand-in (tests/extension-support.ts) listens on a port chosen the same way, with
// a certificate start-server.mjs makes in E2E_1688_TLS_DIR before the server starts: the server trusts it
// (NODE_EXTRA_CA_CERTS) and fetches the images of cbu01.alicdn.com from the stand-in (TEST_IMAGE_HOSTS).
if (!process.env.E2E_1688_PORT) {
  process.env.E2E_1688_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env.E2E_1688_TLS_DIR)
  process.env.E2E_1688_TLS_DIR = path.join(os.tmpdir(), `rr-e2e-1688-tls-${process.pid}`);
const port = Number(process.env.E2E_PORT);
// Each run writes its artifacts to its own folder, so concurrent runs on a shared checkout do not delete each other's.
if (!process.env.E2E_RUN_ID) process.env.E2E_RUN_ID = `run-${process.pid}`;
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: `./test-results/${process.env.E2E_RUN_ID}`,
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // The real server on a fresh database (see support/start-server.mjs), serving the freshly built web app.
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    env: {
      E2E_PORT: String(port),
      E2E_FAKE_COUPANG_PORT: String(process.env.E2E_FAKE_COUPANG_PORT),
      E2E_1688_PORT: String(process.env.E2E_1688_PORT),
      E2E_1688_TLS_DIR: String(process.env.E2E_1688_TLS_DIR),
    },
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
