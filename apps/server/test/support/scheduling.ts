import { execFileSync } from 'node:child_process';

/** The idle scheduling policy's number in /proc/<id>/stat (field 41). */
export const SCHED_IDLE = 5;

/** Whether util-linux's `chrt` is here (limits/cpu-priority.ts sets the idle policy with it). */
export const hasChrt = (() => {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
