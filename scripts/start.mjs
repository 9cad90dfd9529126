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

/** The server's exit code for a data folder a running server holds (apps/server/src/lifecycle/data-dir-owner.ts). */
const DATA_DIR_BUSY_EXIT = 64;

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
// crash, out of memory, kill -9) is started again within seconds, and again with a growing pause (at
// most a minute) while it cannot serve, never given up; the new process adopts the embedded
// PostgreSQL the dead one left running (db/embedded-postgres.ts) and the workflow takes over its jobs.
// The server runs in its own process group: a Ctrl-C in the terminal reaches this script only, which
// passes it on, so the server closes first and stops PostgreSQL last (instead of PostgreSQL taking the
// terminal's SIGINT itself while the server still uses it). It holds an IPC channel to this script:
// it says when it serves (`{ ready: true }`), and when this script dies, by any signal (a process
// manager's SIGKILL of the group included), the channel closes and the server stops, PostgreSQL with
// it (lifecycle/parent-watch.ts): nothing is left running. A server left from an older run that still
// holds the data folder is named and stopped by the next start (lifecycle/data-dir-owner.ts).
// Issue 23: in demo mode (not production, DEMO not false) without COUPANG_API_BASE_URL, registration
// goes to the fake Coupang gateway (apps/server/src/coupang/fake), started here on FAKE_COUPANG_PORT
// (default 4780) or, when that port is taken, on a free one: the app is pointed at the port the fake
// says it opened (never at one it did not); the demo company gets the keys it accepts.
const demo = process.env.DEMO
  ? ['true', '1'].includes(process.env.DEMO)
  : process.env.NODE_ENV !== 'production';
const coupangEnv = {};
let fakeCoupang;
if (demo && !worker && !process.env.COUPANG_API_BASE_URL) {
  const started = await startFakeCoupang(process.env.FAKE_COUPANG_PORT ?? '4780');
  fakeCoupang = started.child;
  coupangEnv.COUPANG_API_BASE_URL = started.url;
}

/** Starts the fake Coupang gateway and answers the URL it says it listens on (over its IPC channel). */
function startFakeCoupang(port) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/coupang/fake/main.ts')],
    {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        FAKE_COUPANG_PORT: port,
        // Issue 37: the fake keeps its products with the demo's data, as Coupang keeps a seller's.
        FAKE_COUPANG_STATE_FILE: path.resolve(root, process.env.DATA_DIR ?? 'data', 'fake-coupang.json'),
      },
    },
  );
  return new Promise((resolve) => {
    const failed = (why) => {
      console.error(
        `가짜 쿠팡 게이트웨이를 시작할 수 없습니다 (${why}). / The fake Coupang gateway did not start.`,
      );
      process.exit(1);
    };
    const timer = setTimeout(() => failed('60초 안에 응답 없음'), 60_000);
    child.once('exit', (code, signal) => failed(signal ? `signal ${signal}` : `code ${code}`));
    child.on('message', (m) => {
      if (!m || typeof m.fakeCoupangUrl !== 'string') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.once('exit', (code, signal) =>
        console.error(
          `[start] 가짜 쿠팡 게이트웨이가 종료되었습니다 (${signal ? `signal ${signal}` : `code ${code}`}): 데모 등록이 실패합니다. / The fake Coupang gateway exited.`,
        ),
      );
      child.channel?.unref();
      resolve({ child, url: m.fakeCoupangUrl });
    });
  });
}

const sup = supervise({
  start: () =>
    spawn(process.execPath, serverArgs(root), {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      detached: true,
      env: {
        MALLOC_ARENA_MAX: '2',
        ...process.env,
        ...coupangEnv,
        RR_SUPERVISED: '1',
        ...(worker ? { ROLE: 'worker' } : {}),
      },
    }),
  // The server refused a data folder that a running server holds: restarting would not help.
  finalCodes: [DATA_DIR_BUSY_EXIT],
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(sig, () => void sup.stop(sig === 'SIGHUP' ? 'SIGTERM' : sig));
const code = await sup.done;
fakeCoupang?.kill('SIGTERM');
process.exit(code);
