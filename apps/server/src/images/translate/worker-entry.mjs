// Worker threads do not inherit Vitest's TypeScript transform: register tsx here, then load the worker.
// Under `tsx` the loader is already active; registering it again is harmless.
import { register } from 'tsx/esm/api';

register();
// This thread, and the threads the engine's libraries start from it (ONNX Runtime's, the tokenizer's
// runtime), yield the cores to the request loop and PostgreSQL: lowered before the engine is even
// imported, since a native module may start its threads when it loads (limits/cpu-priority.ts).
const { workerData } = await import('node:worker_threads');
const niceness = workerData?.niceness;
if (typeof niceness === 'number' && niceness > 0) {
  const { yieldCores } = await import('../../limits/cpu-priority.ts');
  await yieldCores('self', niceness);
}
await import('./worker.ts');
