#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (Vitest; integration on TEST_DATABASE_URL or an
// embedded PostgreSQL), then browser tests in Chromium when /usr/bin/chromium exists. Without
// Chromium the browser tests are skipped LOUDLY, and under CI=true that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const out = mkdtempSync(path.join(os.tmpdir(), 'rr-test-report-'));
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

// 1. Vitest: domain, contracts, server (integration on real PostgreSQL), web (jsdom).
const vitestJson = path.join(out, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
if (vitestStatus !== 0) ok = false;

// 2. Browser tests (Playwright driving Debian's Chromium).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const bar = '!'.repeat(78);
  console.error(
    `\n${bar}\n!! ${chromium} not found: the BROWSER TESTS DID NOT RUN.\n!! Install it: apt-get update && apt-get install -y chromium\n${bar}\n`,
  );
  if (ci) {
    ok = false;
    failed += 1;
  }
} else {
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) ok = false;
  const pwJson = path.join(out, 'playwright.json');
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    },
  );
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
    skipped += s.skipped ?? 0;
  }
  if (status !== 0) ok = false;
}

if (!ok && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
