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
// The failed tests by name, printed again just above the totals: CI keeps only the tail of the output.
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim() !== '') ?? '';

// 1. Vitest: domain, contracts, server (integration on real PostgreSQL), web (jsdom).
const vitestJson = path.join(out, 'vitest.json');
const retriedFile = path.join(out, 'retried.txt');
const vitestStatus = run(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    // Under CI a failed test gets one more try, and the tests that needed it are named below.
    ...(ci ? ['--retry=1', '--reporter=./scripts/vitest-retried-reporter.mjs'] : []),
  ],
  { RETRIED_TESTS_FILE: retriedFile },
);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      failures.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) counts once.
    if (failedTests.length === 0 && file.status === 'failed') {
      failed += 1;
      failures.push(`${rel}: ${firstLine(file.message)}`);
    }
  }
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
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected' || t.status === 'flaky') {
            const err = t.results?.find((x) => x.error)?.error?.message;
            failures.push(`${file ?? suite.file} › ${spec.title} (${t.status}): ${firstLine(err)}`);
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
    };
    for (const suite of JSON.parse(readFileSync(pwJson, 'utf8')).suites ?? []) walk(suite);
  }
  if (status !== 0) ok = false;
}

if (!ok && failed === 0) failed = 1;
const retried = existsSync(retriedFile) ? readFileSync(retriedFile, 'utf8').split('\n').filter(Boolean) : [];
if (retried.length > 0) {
  console.log(`\ntests that needed a second try (${retried.length}):`);
  for (const r of retried) console.log(`  ↻ ${r}`);
}
if (failures.length > 0) {
  console.log(`\nfailed tests (${failures.length}):`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes out of assertion messages
  for (const f of failures) console.log(`  ✗ ${f.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 400)}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
