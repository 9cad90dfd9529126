import { constants } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addGcPause, createLoopStats } from '../../src/limits/loop-stats.ts';

// The abuse bench prints the request loop's garbage-collection pauses per window, to tell a stall
// of the loop's own collections from one caused by another thread or process.

describe('loop stats: garbage-collection pauses', () => {
  it('adds pauses, keeping the major ones apart', () => {
    const empty = { count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMaxMs: 0 };
    const minor = addGcPause(empty, 3, constants.NODE_PERFORMANCE_GC_MINOR);
    const both = addGcPause(minor, 40, constants.NODE_PERFORMANCE_GC_MAJOR);
    const again = addGcPause(both, 5, constants.NODE_PERFORMANCE_GC_MINOR);
    expect(again).toEqual({ count: 3, totalMs: 48, maxMs: 40, majorCount: 1, majorMaxMs: 40 });
  });

  it('counts a full collection of this thread in the window, and none after a reset', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const stats = createLoopStats();
    try {
      gc();
      // gc entries are delivered to the observer after the collection, on a later turn
      await new Promise((r) => setTimeout(r, 50));
      const window = stats.read().gc;
      expect(window.majorCount).toBeGreaterThanOrEqual(1);
      expect(window.totalMs).toBeGreaterThan(0);
      stats.reset();
      expect(stats.read().gc).toEqual({ count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMaxMs: 0 });
    } finally {
      stats.stop();
    }
  });
});
