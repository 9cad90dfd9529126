#!/usr/bin/env node
// `npm run bench [name]`: runs every benchmark script (apps/server/bench/*.bench.ts), or those whose
// file name contains `name`, one after another. Each prints its figures and the ratio to its target;
// nothing here asserts a time. A bench prints a figure only after checking that the work it timed
// happened (apps/server/bench/support/measured.ts); one that could not measure exits non-zero, and
// then this run names it and exits 1.
//
// `npm run bench -- --smoke [name]` (CI, after `npm test`: .ci/run): every bench at small sizes
// (BENCH_SMOKE=1: measured.ts `smoke`/`sized`), about a minute or two in all, so a bench that no
// longer runs (an API it calls changed, a rule it does not meet) fails CI instead of rotting until
// someone measures. Smoke figures are not figures: they check that each bench still does its work.
// In both modes a bench whose output says NOT MEASURED fails the run, whatever its exit status.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_DIR: another folder of benches (scripts/bench.test.mjs).
const dir = process.env.BENCH_DIR
  ? path.resolve(process.env.BENCH_DIR)
  : path.join(root, 'apps/server/bench');
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args.find((a) => !a.startsWith('--'));
const scripts = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
      .sort()
  : [];
if (scripts.length === 0) {
  console.error(
    `no benchmark script${only ? ` matches "${only}"` : 's found'} in ${path.relative(root, dir)}`,
  );
  process.exit(1);
}

/** Runs one bench, its output passed through as it comes; answers its status and whether it said NOT MEASURED. */
function runOne(file) {
  return new Promise((resolve) => {
    // As `npm start` runs the server (scripts/start.mjs): two glibc malloc arenas unless set.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { MALLOC_ARENA_MAX: '2', ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
    });
    let notMeasured = false;
    // The last characters of each stream, so a NOT MEASURED split across two chunks is still seen.
    const tails = { stdout: '', stderr: '' };
    for (const name of /** @type {const} */ (['stdout', 'stderr'])) {
      child[name].on('data', (chunk) => {
        process[name].write(chunk);
        const text = tails[name] + chunk.toString('utf8');
        if (text.includes('NOT MEASURED')) notMeasured = true;
        tails[name] = text.slice(-16);
      });
    }
    child.on('error', (err) => resolve({ code: 1, signal: null, notMeasured, error: err }));
    child.on('close', (code, signal) => resolve({ code, signal, notMeasured }));
  });
}

const failed = [];
const started = Date.now();
for (const s of scripts) {
  console.log(`\n=== ${s}${smoke ? ' (smoke)' : ''} ===`);
  const t = Date.now();
  const r = await runOne(s);
  if (smoke) console.log(`(${s}: ${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (r.code !== 0 || r.notMeasured)
    failed.push(`${s} (${r.notMeasured ? 'NOT MEASURED, ' : ''}exit ${r.code ?? r.signal})`);
}
const took = `${((Date.now() - started) / 1000).toFixed(0)} s`;
if (failed.length > 0) {
  console.error(`\nbenches that did not measure: ${failed.join(', ')} (${took})`);
  process.exit(1);
}
console.log(
  `\nbenches measured${smoke ? ' (smoke: small sizes, the figures are not figures)' : ''}: ${scripts.length} in ${took}`,
);
