import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { EnginePool } from '../../src/images/translate/pool.ts';
import { createWorkPool } from '../../src/limits/work-pool.ts';
import { hasChrt, SCHED_IDLE } from '../support/scheduling.ts';

// Issue 21: the parsers fed by client input take the cores only when the threads answering requests
// leave them free. On Linux a nice value and a scheduling policy belong to one thread: the pool's
// threads run at nice 19 under the idle policy (SCHED_IDLE, set by `chrt`), the event loop keeps the
// process's priority.

/** This process's thread ids. */
const threadIds = () => new Set(readdirSync('/proc/self/task'));
/** Field `n` of the stat of each of the given threads. */
const statOfThreads = (ids: string[], n: number) =>
  ids.map((t) => Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[n - 3]));

/** Field `n` of /proc/self/task/<id>/stat of every thread of this process named `name`. */
function statFieldOf(name: string, n: number): number[] {
  return readdirSync('/proc/self/task')
    .filter((t) => readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === name)
    .map((t) => Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[n - 3]));
}
/** Nice value (field 19) and scheduling policy (field 41: 0 normal, 5 idle). */
const niceOf = (name: string) => statFieldOf(name, 19);
const policyOf = (name: string) => statFieldOf(name, 41);
const mainStat = () => readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');

describe.runIf(process.platform === 'linux')('work pool thread priority', () => {
  it('runs its threads at nice 19 under the idle policy and leaves the main thread as it was', async () => {
    const before = niceOf('WorkerThread').length;
    const [mainNice, mainPolicy] = [mainStat()[16], mainStat()[38]];
    const pool = createWorkPool({ threads: 2 });
    try {
      const r = await pool.run('company-a', 'import1688', [{ value: 'not a capture', name: 'x' }]);
      expect(r.offers).toEqual([]);
      const nices = niceOf('WorkerThread');
      expect(nices.length).toBeGreaterThanOrEqual(before + 2);
      expect(nices.filter((n) => n === 19).length).toBe(2);
      if (hasChrt)
        await vi.waitFor(
          () => expect(policyOf('WorkerThread').filter((p) => p === SCHED_IDLE).length).toBe(2),
          {
            timeout: 5_000,
          },
        );
      expect([mainStat()[16], mainStat()[38]]).toEqual([mainNice, mainPolicy]);
    } finally {
      await pool.close();
    }
  });
});

describe.runIf(process.platform === 'linux')('image engine thread priority', () => {
  it('runs the engine worker and the threads its libraries start at nice 19 under the idle policy', async () => {
    const before = threadIds();
    const [mainNice, mainPolicy] = [mainStat()[16], mainStat()[38]];
    const pool = new EnginePool({ size: 1 });
    try {
      await pool.warmup();
      const started = [...threadIds()].filter((t) => !before.has(t));
      // the worker thread, and ONNX Runtime's threads once the models are loaded
      expect(started.length).toBeGreaterThanOrEqual(2);
      expect(statOfThreads(started, 19)).toEqual(started.map(() => 19));
      if (hasChrt)
        await vi.waitFor(() => expect(statOfThreads(started, 41)).toEqual(started.map(() => SCHED_IDLE)), {
          timeout: 5_000,
        });
      expect([mainStat()[16], mainStat()[38]]).toEqual([mainNice, mainPolicy]);
    } finally {
      await pool.close();
    }
  });
});
