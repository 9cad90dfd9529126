#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build the web app when its sources changed,
// then run the server (embedded PostgreSQL unless DATABASE_URL is set) and start it again when it dies.
// Ctrl-C stops it cleanly. `--worker` (npm run worker): a workflow worker beside it (ROLE=worker), no
// web build, supervised the same way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-command.mjs';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = process.argv.includes('--worker');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('의존성을 설치합니다 (npm ci)…');
  run('npm', ['ci']);
}

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const web = path.join(root, 'apps', 'web');
const builtIndex = path.join(web, 'dist', 'index.html');
const sources = Math.max(newest(path.join(web, 'src')), statSync(path.join(web, 'index.html')).mtimeMs);
if (!worker && (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sources)) {
  console.log('웹 앱을 빌드합니다…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

// Two glibc malloc arenas: the image engine's worker threads otherwise each get their own arena and
// keep freed native memory (ONNX Runtime, sharp) fragmented: ~1.1 GB peak instead of ~0.9 GB with two
// workers (npm run bench image-tasks). A value set by the operator wins.
//
// The server runs under a small supervisor (scripts/supervise.mjs): a server process that dies (a
// crash, out of memory, kill -9) is started again within seconds; the new process adopts the embedded
// PostgreSQL the dead one left running (db/embedded-postgres.ts) and the workflow takes over its jobs.
// The server runs in its own process group: a Ctrl-C in the terminal reaches this script only, which
// passes it on, so the server closes first and stops PostgreSQL last (instead of PostgreSQL taking the
// terminal's SIGINT itself while the server still uses it).
// Issue 23: in demo mode (not production, DEMO not false) without COUPANG_API_BASE_URL, registration
// goes to the fake Coupang gateway (apps/server/src/coupang/fake), started here on FAKE_COUPANG_PORT
// (default 4780); the demo company gets the keys it accepts.
const demo = process.env.DEMO
  ? ['true', '1'].includes(process.env.DEMO)
  : process.env.NODE_ENV !== 'production';
const coupangEnv = {};
let fakeCoupang;
if (demo && !worker && !process.env.COUPANG_API_BASE_URL) {
  const fakePort = process.env.FAKE_COUPANG_PORT ?? '4780';
  fakeCoupang = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/coupang/fake/main.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FAKE_COUPANG_PORT: fakePort },
    },
  );
  coupangEnv.COUPANG_API_BASE_URL = `http://127.0.0.1:${fakePort}`;
}

const sup = supervise({
  start: () =>
    spawn(process.execPath, serverArgs(root), {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { MALLOC_ARENA_MAX: '2', ...process.env, ...coupangEnv, ...(worker ? { ROLE: 'worker' } : {}) },
    }),
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(sig, () => void sup.stop(sig === 'SIGHUP' ? 'SIGTERM' : sig));
const code = await sup.done;
fakeCoupang?.kill('SIGTERM');
process.exit(code);
