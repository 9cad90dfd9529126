#!/usr/bin/env node
// `npm run bench`: runs every benchmark script (apps/server/bench/*.bench.ts) one after another.
// Each prints its figures and the ratio to its target; nothing here asserts a time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/server/bench');
const only = process.argv[2];
const scripts = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
      .sort()
  : [];
if (scripts.length === 0) console.log('no benchmark scripts found');
let failed = 0;
for (const s of scripts) {
  console.log(`\n=== ${s} ===`);
  // As `npm start` runs the server (scripts/start.mjs): two glibc malloc arenas unless set.
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, s)], {
    cwd: root,
    stdio: 'inherit',
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
