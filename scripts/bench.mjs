#!/usr/bin/env node
// `npm run bench [name]`: runs every benchmark script (apps/server/bench/*.bench.ts), or those whose
// file name contains `name`, one after another. Each prints its figures and the ratio to its target;
// nothing here asserts a time. A bench prints a figure only after checking that the work it timed
// happened (apps/server/bench/support/measured.ts); one that could not measure exits non-zero, and
// then this run names it and exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_DIR: another folder of benches (scripts/bench.test.mjs).
const dir = process.env.BENCH_DIR
  ? path.resolve(process.env.BENCH_DIR)
  : path.join(root, 'apps/server/bench');
const only = process.argv[2];
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
const failed = [];
for (const s of scripts) {
  console.log(`\n=== ${s} ===`);
  // As `npm start` runs the server (scripts/start.mjs): two glibc malloc arenas unless set.
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, s)], {
    cwd: root,
    stdio: 'inherit',
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  });
  if (r.status !== 0) failed.push(`${s} (exit ${r.status ?? r.signal})`);
}
if (failed.length > 0) {
  console.error(`\nbenches that did not measure: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nbenches measured: ${scripts.length}`);
