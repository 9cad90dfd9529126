import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server that runs the embedded PostgreSQL of a data folder writes `server.pid` there: its pid
 * and its parent's (the supervisor of `npm start`). A later start on the same folder (issue 39) reads
 * it: a live server whose parent is no longer the one it recorded, or is init, is an orphan (its supervisor was
 * killed and it did not notice: an older version, a hung process); it is named by pid and stopped
 * cleanly (SIGTERM: its own shutdown stops its PostgreSQL; SIGKILL after `graceMs`). A live server
 * still under its parent is a running service: this start refuses (DataDirBusyError) instead of
 * failing to start PostgreSQL again and again.
 */

/** Exit code of a server that found its data folder held by a running service (not restarted). */
export const DATA_DIR_BUSY_EXIT = 64;

export class DataDirBusyError extends Error {
  constructor(
    readonly pid: number,
    dir: string,
  ) {
    super(
      `이 데이터 폴더(${dir})는 실행 중인 다른 서버(pid ${pid})가 쓰고 있습니다. 그 서버를 먼저 종료하세요. / The data folder is in use by a running server (pid ${pid}).`,
    );
  }
}

export type ProcessTable = {
  alive(pid: number): boolean;
  /** The process's parent pid, or undefined when it cannot be read. */
  parentOf(pid: number): number | undefined;
  /** The process's command line (arguments joined by spaces), '' when it cannot be read. */
  commandOf(pid: number): string;
  kill(pid: number, signal: NodeJS.Signals): void;
};

/** The running system's processes, read from /proc (Linux). */
export const systemProcesses: ProcessTable = {
  alive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  parentOf(pid) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return undefined;
    }
  },
  commandOf(pid) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      return '';
    }
  },
  kill(pid, signal) {
    try {
      process.kill(pid, signal);
    } catch {}
  },
};

type Options = {
  log?: (line: string) => void;
  processes?: ProcessTable;
  graceMs?: number;
  pollMs?: number;
  /** Whether a command line is this app's server (the recorded pid may have been reused since). */
  isServer?: (command: string) => boolean;
};

const isServerCommand = (command: string) => /apps[/\\]server[/\\]src[/\\]main\.ts/.test(command);

/**
 * Takes the data folder `dir` for this process (see above): stops an orphaned server holding it,
 * refuses when a running one does, then records this process. Answers `release`, which removes the
 * record at a clean shutdown.
 */
export async function claimDataDir(dir: string, options: Options = {}): Promise<{ release: () => void }> {
  const file = path.join(dir, 'server.pid');
  const ps = options.processes ?? systemProcesses;
  const log = options.log ?? ((line: string) => console.log(line));
  const isServer = options.isServer ?? isServerCommand;
  const recorded = readRecord(file);
  if (
    recorded &&
    recorded.pid !== process.pid &&
    ps.alive(recorded.pid) &&
    isServer(ps.commandOf(recorded.pid))
  ) {
    const parent = ps.parentOf(recorded.pid);
    // Under init (pid 1) it is orphaned even when it was started so (a shell that exited at once).
    if (parent === recorded.parent && parent !== 1) throw new DataDirBusyError(recorded.pid, dir);
    log(
      `[start] 데이터 폴더(${dir})를 잡고 있는 이전 서버(pid ${recorded.pid})가 남아 있습니다: 그 서버를 관리하던 프로세스가 없습니다. 정상 종료합니다. / An orphaned server (pid ${recorded.pid}, its parent gone) holds the data folder; stopping it.`,
    );
    const stopped = await stopProcess(recorded.pid, ps, options.graceMs ?? 30_000, options.pollMs ?? 100);
    log(
      stopped === 'SIGTERM'
        ? `[start] 이전 서버(pid ${recorded.pid})가 종료되었습니다. / The orphaned server stopped.`
        : `[start] 이전 서버(pid ${recorded.pid})가 응답하지 않아 강제 종료했습니다 (SIGKILL). / The orphaned server was killed.`,
    );
  }
  writeFileSync(file, `${process.pid} ${process.ppid}\n`);
  return {
    release: () => {
      if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

function readRecord(file: string): { pid: number; parent: number } | undefined {
  if (!existsSync(file)) return undefined;
  const [pid, parent] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  return pid! > 0 && parent! >= 0 ? { pid: pid!, parent: parent! } : undefined;
}

/** SIGTERM, then SIGKILL after `graceMs`; answers the signal that ended it. */
async function stopProcess(
  pid: number,
  ps: ProcessTable,
  graceMs: number,
  pollMs: number,
): Promise<'SIGTERM' | 'SIGKILL'> {
  const gone = async (ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end; ) {
      if (!ps.alive(pid)) return true;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    return !ps.alive(pid);
  };
  ps.kill(pid, 'SIGTERM');
  if (await gone(graceMs)) return 'SIGTERM';
  ps.kill(pid, 'SIGKILL');
  await gone(5_000);
  return 'SIGKILL';
}
