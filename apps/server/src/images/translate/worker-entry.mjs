// Worker threads do not inherit Vitest's TypeScript transform: register tsx here, then load the worker.
// Under `tsx` the loader is already active; registering it again is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
