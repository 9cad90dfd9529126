// Worker threads do not inherit Vitest's TypeScript transform: register tsx here, then load the tasks.
// Under `tsx` the loader is already active; registering it again is harmless.
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
// This thread yields the cores to the threads that answer requests (the event loop, PostgreSQL): on
// Linux a nice value and a scheduling policy belong to one thread, so this lowers only this one
// (limits/cpu-priority.ts). Where the system refuses (another OS, a sandbox), it keeps its priority.
const niceness = workerData?.niceness;
if (typeof niceness === 'number' && niceness > 0) {
  const { yieldCores } = await import('./cpu-priority.ts');
  yieldCores('self', niceness);
}
const tasks = await import('./work-tasks.ts');
export default tasks.runTask;
