// Worker threads do not inherit Vitest's TypeScript transform: register tsx here, then load the tasks.
// Under `tsx` the loader is already active; registering it again is harmless.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./work-tasks.ts');
export default tasks.runTask;
