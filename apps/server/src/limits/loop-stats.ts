import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import {
  constants,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';

// How busy the request loop was over a window (issue 21's bench): the share of wall time the event
// loop spent running code (event-loop utilization) and how late its timers fired (event-loop delay).
// Only a parent process that started this one with an IPC channel can ask (`npm run bench abuse`),
// and only when LOOP_STATS_IPC=1: nothing is exposed over HTTP, and a normal start installs nothing.

/** One window's figures, as answered to the parent process. */
export type LoopStats = {
  /** Wall time of the window. */
  windowMs: number;
  /** Time the loop ran code (not waiting for I/O) during the window. */
  busyMs: number;
  /** busyMs ÷ windowMs. */
  utilization: number;
  /** Event-loop delay (how late a 1 ms timer fired), in ms. */
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  /**
   * CPU time of the loop's thread itself, and the time it waited for a core (Linux schedstat; absent
   * elsewhere). Busy time above is wall time, so it grows with the machine's load; these do not.
   */
  cpuMs?: number;
  runQueueWaitMs?: number;
  /** The loop thread's garbage-collection pauses in the window: all kinds, and the major ones. */
  gc: GcPauses;
};

export type GcPauses = {
  count: number;
  totalMs: number;
  maxMs: number;
  majorCount: number;
  majorMaxMs: number;
};

const noPauses = (): GcPauses => ({ count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMaxMs: 0 });

/** Adds one `gc` performance entry (its duration is the pause of the thread that observed it). */
export function addGcPause(into: GcPauses, durationMs: number, kind: number | undefined): GcPauses {
  const major = kind === constants.NODE_PERFORMANCE_GC_MAJOR;
  return {
    count: into.count + 1,
    totalMs: into.totalMs + durationMs,
    maxMs: Math.max(into.maxMs, durationMs),
    majorCount: into.majorCount + (major ? 1 : 0),
    majorMaxMs: major ? Math.max(into.majorMaxMs, durationMs) : into.majorMaxMs,
  };
}

/** The main thread's time on a core and waiting for one, in ns (`/proc/self/task/<pid>/schedstat`). */
function threadSchedstat(): { cpuNs: number; waitNs: number } | undefined {
  try {
    const [cpu, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ');
    return { cpuNs: Number(cpu), waitNs: Number(wait) };
  } catch {
    return undefined;
  }
}

export type LoopStatsMessage =
  | { loopStats: 'reset' }
  | { loopStats: 'read' }
  /** A CPU profile of the request loop from now until `profile-stop`, written to `file`. */
  | { loopStats: 'profile-start' }
  | { loopStats: 'profile-stop'; file: string };

/** Starts a window now; `read` answers the figures since then, `reset` starts a new window. */
export function createLoopStats() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  let startedAt = performance.now();
  let sched = threadSchedstat();
  let gc = noPauses();
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      gc = addGcPause(gc, entry.duration, detail?.kind);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  return {
    reset() {
      gc = noPauses();
      delay.reset();
      since = performance.eventLoopUtilization();
      startedAt = performance.now();
      sched = threadSchedstat();
    },
    read(): LoopStats {
      const elu = performance.eventLoopUtilization(since);
      const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
      const now = threadSchedstat();
      return {
        ...(sched && now
          ? { cpuMs: (now.cpuNs - sched.cpuNs) / 1e6, runQueueWaitMs: (now.waitNs - sched.waitNs) / 1e6 }
          : {}),
        windowMs: performance.now() - startedAt,
        busyMs: elu.active,
        utilization: elu.utilization,
        delayP50Ms: ms(delay.percentile(50)),
        delayP99Ms: ms(delay.percentile(99)),
        delayMaxMs: ms(delay.max),
        gc,
      };
    },
    stop() {
      gcObserver.disconnect();
      delay.disable();
    },
  };
}

/**
 * With LOOP_STATS_IPC=1 and an IPC channel to the parent, answers `{ loopStats: 'reset' | 'read' }`
 * messages with `{ loopStats: 'reset' | LoopStats }`, and profiles the request loop between
 * `profile-start` and `profile-stop` (answered `{ loopStats: 'profiled' }` once the file is written).
 * Returns whether it was installed.
 */
export function installLoopStatsIpc(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.LOOP_STATS_IPC !== '1' || typeof process.send !== 'function') return false;
  const stats = createLoopStats();
  let session: Session | undefined;
  const answer = (loopStats: unknown) => process.send?.({ loopStats });
  const onMessage = async (m: Partial<LoopStatsMessage> | null) => {
    if (m?.loopStats === 'reset') {
      stats.reset();
      answer('reset');
    } else if (m?.loopStats === 'read') {
      answer(stats.read());
    } else if (m?.loopStats === 'profile-start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 500 });
      await session.post('Profiler.start');
      answer('profiling');
    } else if (m?.loopStats === 'profile-stop' && session && typeof m.file === 'string') {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = undefined;
      await writeFile(m.file, JSON.stringify(profile));
      answer('profiled');
    }
  };
  process.on('message', (message: unknown) => {
    onMessage(message as Partial<LoopStatsMessage> | null).catch((error: unknown) =>
      answer({ error: String(error) }),
    );
  });
  // The channel must not keep the process alive after SIGTERM's shutdown.
  process.channel?.unref();
  return true;
}
