import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorkPool } from '../../src/limits/work-pool.ts';

// Issue 21: the parsers fed by client input take the cores only when the threads answering requests
// leave them free. On Linux a nice value belongs to one thread: the pool's threads run at 19, the
// event loop keeps the process's priority.

/** The nice value of every thread of this process named `name` (/proc/self/task/<id>/stat, field 19). */
function niceOf(name: string): number[] {
  return readdirSync('/proc/self/task')
    .filter((t) => readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === name)
    .map((t) => Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
}

describe.runIf(process.platform === 'linux')('work pool thread priority', () => {
  it('runs its threads at nice 19 and leaves the main thread as it was', async () => {
    const before = niceOf('WorkerThread').length;
    const main = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16];
    const pool = createWorkPool({ threads: 2 });
    try {
      const r = await pool.run('company-a', 'import1688', [{ value: 'not a capture', name: 'x' }]);
      expect(r.offers).toEqual([]);
      const nices = niceOf('WorkerThread');
      expect(nices.length).toBeGreaterThanOrEqual(before + 2);
      expect(nices.filter((n) => n === 19).length).toBe(2);
      expect(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]).toBe(main);
    } finally {
      await pool.close();
    }
  });
});
