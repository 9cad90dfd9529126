// The hardening issue's figure: every API answer, whatever the body, within 2 s. Runs the fast-check
// fuzz suite (apps/server/test/hardening/api-fuzz.pg.test.ts) with FUZZ_REPORT set and prints the slowest
// answer per route and its ratio to 2 s. FUZZ_RUNS raises the inputs per route (default here 24).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sized } from './support/measured.ts';

const TARGET_MS = 2000;
const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'rr-fuzz-bench-')), 'slowest.json');
const r = spawnSync('npx', ['vitest', 'run', 'apps/server/test/hardening/api-fuzz.pg.test.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, FUZZ_REPORT: report, FUZZ_RUNS: process.env.FUZZ_RUNS ?? sized('24', '2') },
});
// The figure stands only on a suite that passed and reported its routes.
if (r.status !== 0 || !existsSync(report)) {
  console.error(
    `\nNOT MEASURED: the fuzz suite ${r.status !== 0 ? `failed (exit ${r.status})` : 'wrote no report'}`,
  );
  process.exit(1);
}
const slowest = Object.entries(JSON.parse(readFileSync(report, 'utf8')) as Record<string, number>).sort(
  (a, b) => b[1] - a[1],
);
if (slowest.length === 0) {
  console.error('\nNOT MEASURED: the fuzz suite reported no route');
  process.exit(1);
}
console.log(`routes fuzzed: ${slowest.length}`);
for (const [route, ms] of slowest.slice(0, 10))
  console.log(
    `${route.padEnd(48)} slowest ${ms.toFixed(0).padStart(6)} ms   ratio to 2 s ${(ms / TARGET_MS).toFixed(2)}`,
  );
const worst = slowest[0]?.[1] ?? 0;
console.log(
  `slowest answer overall: ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS} ms, ratio ${(worst / TARGET_MS).toFixed(2)})`,
);
