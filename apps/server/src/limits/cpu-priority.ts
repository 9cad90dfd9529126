import { execFile } from 'node:child_process';
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers one thread's (or single-threaded process's) claim on the cores: its nice value, its
 * autogroup's when it leads its own session, then Linux's idle scheduling policy (SCHED_IDLE, set by
 * util-linux's `chrt`). Nice 19 only weighs a thread
 * lightly; an idle-policy thread is also set aside at once when a normal one wakes on its core, and
 * the kernel counts a core running only such threads as free when it places a waking thread. So the
 * threads answering requests never wait for a core behind heavy work. Where the system refuses (no
 * /proc, no `chrt`, another user's process), the thread keeps what it could get.
 *
 * `id` is a process id, or 'self' for the calling thread. The answer settles when the scheduling
 * policy is set or refused; it never rejects.
 */
export function yieldCores(id: number | 'self', niceness: number): Promise<void> {
  try {
    setPriority(id === 'self' ? 0 : id, niceness);
  } catch {}
  if (id !== 'self') lowerOwnAutogroup(id, niceness);
  const tid = id === 'self' ? ownThreadId() : id;
  if (tid === undefined) return Promise.resolve();
  // Settles once the policy is set (or refused): a thread that starts threads of its own waits for it.
  return new Promise((settled) => {
    execFile('chrt', ['--idle', '--pid', '0', String(tid)], { timeout: 5_000 }, () => settled());
  });
}

/** The calling thread's kernel id (/proc/thread-self is `<pid>/task/<tid>`). */
function ownThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A process that leads its own session (each PostgreSQL backend does: it calls setsid) is alone in
 * its autogroup, and the kernel shares the cores between autogroups first: neither the nice value nor
 * the idle policy of the one task inside weighs against the others (docs/decisions.md). The
 * autogroup's own nice value does, so it is set too. Never for a process sharing its session (the
 * whole session would be lowered), nor for the server's own threads.
 */
function lowerOwnAutogroup(pid: number, niceness: number): void {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    if (session !== pid) return;
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {}
}
