// Worker threads do not inherit Vitest's TypeScript transform: register tsx here, then load the tasks.
// Under `tsx` the loader is already active; registering it again is harmless.
import { setPriority } from 'node:os';
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

// This thread yields the cores to the threads that answer requests (the event loop, PostgreSQL):
// on Linux a nice value belongs to one thread, so setPriority(0, n) here lowers only this one.
// Where the system refuses (another OS, a sandbox), the thread simply keeps the process's priority.
const niceness = workerData?.niceness;
if (typeof niceness === 'number' && niceness > 0) {
  try {
    setPriority(0, niceness);
  } catch {}
}

register();
const tasks = await import('./work-tasks.ts');
export default tasks.runTask;
