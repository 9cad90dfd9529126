import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetryLaterError } from '../../src/errors/app-error.ts';
import { createWriteLanes, heavyWriteBudget } from '../../src/limits/write-lanes.ts';

// Issue 39: one company's writes cannot take more than its share of the writes' connections, and a
// company that wrote little lately never waits behind the large writers.

const MB = 1024 * 1024;

/** A write that runs until released; records the lane and when it started. */
function writes() {
  const started: string[] = [];
  const open = new Map<string, Array<() => void>>();
  const write = (label: string) => (lane: string) =>
    new Promise<string>((resolve) => {
      started.push(`${label}:${lane}`);
      open.set(label, [...(open.get(label) ?? []), () => resolve(label)]);
    });
  const finish = (label: string) => open.get(label)?.shift()?.();
  return { started, write, finish };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('write lanes', () => {
  it.each([
    [1, 8],
    [2, 8],
    [4, 24],
  ])(
    'on %i cores, heavy writes rewrite at most %i MB of documents at once (8 MB per core but one)',
    (cores, mb) => {
      expect(heavyWriteBudget(cores)).toBe(mb * MB);
    },
  );

  it('within the budget: one 9 MB rewrite at a time, while 100 KB rewrites of other heavy companies run together', async () => {
    const lanes = createWriteLanes({ connections: 10, budgetBytes: 8 * MB, lightBytes: MB });
    // two companies whose last writes rewrote 9 MB documents
    lanes.charge('a', 9 * MB);
    lanes.charge('b', 9 * MB);
    const w = writes();
    const a = lanes.run('a', w.write('a'));
    const b = lanes.run('b', w.write('b'));
    await tick();
    expect(w.started).toEqual(['a:heavy']);
    expect(lanes.heavyWaiting).toBe(1);
    w.finish('a');
    expect(await a).toBe('a');
    await tick();
    expect(w.started).toEqual(['a:heavy', 'b:heavy']);
    w.finish('b');
    expect(await b).toBe('b');

    // sixteen heavy companies of 100 KB documents (2 MB written lately each): ten at once, the pool's size
    const small = Array.from({ length: 16 }, (_, i) => `s${i}`);
    for (const c of small) {
      lanes.charge(c, 2 * MB);
      lanes.charge(c, 100 * 1024);
    }
    const v = writes();
    const runs = small.map((c) => lanes.run(c, v.write(c)));
    await tick();
    expect(v.started).toHaveLength(10);
    for (const c of small) v.finish(c);
    await tick();
    for (const c of small) v.finish(c);
    await Promise.all(runs);
    // a light company is never behind any of them
    expect(await lanes.run('light', async (lane) => lane)).toBe('light');
  });

  it('a large write in its turn is not passed over by smaller ones that would fit', async () => {
    const lanes = createWriteLanes({ connections: 10, budgetBytes: 8 * MB, lightBytes: MB });
    lanes.charge('small1', 2 * MB);
    lanes.charge('big', 9 * MB);
    lanes.charge('small2', 2 * MB);
    const w = writes();
    const first = lanes.run('small1', w.write('small1'));
    const big = lanes.run('big', w.write('big'));
    const second = lanes.run('small2', w.write('small2'));
    await tick();
    // small1 (2 MB) runs; big (8 MB, the whole budget) waits for it; small2 waits behind big
    expect(w.started).toEqual(['small1:heavy']);
    w.finish('small1');
    await first;
    await tick();
    expect(w.started).toEqual(['small1:heavy', 'big:heavy']);
    w.finish('big');
    await big;
    await tick();
    expect(w.started).toEqual(['small1:heavy', 'big:heavy', 'small2:heavy']);
    w.finish('small2');
    await second;
  });

  it('a company that wrote little lately writes at once on the light lane; past the threshold it is heavy, until it decays', async () => {
    let t = 0;
    const lanes = createWriteLanes({ lightBytes: 2 * MB, halfLifeMs: 10_000, now: () => t });
    expect(lanes.laneOf('a')).toBe('light');
    expect(await lanes.run('a', async (lane) => lane)).toBe('light');
    lanes.charge('a', 1 * MB);
    expect(lanes.laneOf('a')).toBe('light');
    lanes.charge('a', 8 * MB);
    expect(lanes.laneOf('a')).toBe('heavy');
    expect(await lanes.run('a', async (lane) => lane)).toBe('heavy');
    t += 10_000; // half of 9 MB
    expect(lanes.laneOf('a')).toBe('heavy');
    t += 20_000; // 9/8 MB
    expect(lanes.laneOf('a')).toBe('light');
    expect(lanes.laneOf('b')).toBe('light');
  });

  it('a large document is heavy on its first write, and weighs its own size: twelve writers back from a pause do not all rewrite at once', async () => {
    let t = 0;
    const lanes = createWriteLanes({ connections: 10, budgetBytes: 8 * MB, now: () => t });
    // they saved their 9 MB documents long ago: their past is forgotten
    for (let k = 0; k < 12; k++) lanes.charge(`w${k}`, 9 * MB);
    t += 120_000;
    expect(lanes.laneOf('w0')).toBe('light');
    expect(lanes.laneOf('w0', 9 * MB)).toBe('heavy');
    const w = writes();
    const all = Array.from({ length: 12 }, (_, k) => lanes.run(`w${k}`, w.write(`w${k}`), 9 * MB));
    await tick();
    // one rewrite at a time within the 8 MB budget, none on the light lane
    expect(w.started).toEqual(['w0:heavy']);
    expect(lanes.heavyWaiting).toBe(11);
    // another company's small document still writes at once on the light lane
    expect(await lanes.run('victim', async (lane) => lane, 2_000)).toBe('light');
    for (let k = 0; k < 12; k++) {
      w.finish(`w${k}`);
      await tick();
    }
    await Promise.all(all);
    expect(w.started).toEqual(Array.from({ length: 12 }, (_, k) => `w${k}:heavy`));
  });

  it('a heavy company writing a small document weighs that document, not its last large one', async () => {
    const lanes = createWriteLanes({ connections: 10, budgetBytes: 8 * MB, lightBytes: MB });
    lanes.charge('big', 9 * MB);
    lanes.charge('mixed', 9 * MB);
    const w = writes();
    const big = lanes.run('big', w.write('big'), 9 * MB);
    // mixed's last write was 9 MB, but this one rewrites 200 KB: it waits only while big fills the
    // budget, then runs beside other small ones
    const small = lanes.run('mixed', w.write('mixed'), 200 * 1024);
    await tick();
    expect(w.started).toEqual(['big:heavy']);
    w.finish('big');
    await big;
    await tick();
    expect(w.started).toEqual(['big:heavy', 'mixed:heavy']);
    const other = lanes.run('big', w.write('big2'), 300 * 1024);
    await tick();
    // 200 KB + 300 KB run together within the budget
    expect(w.started).toEqual(['big:heavy', 'mixed:heavy', 'big2:heavy']);
    w.finish('mixed');
    w.finish('big2');
    await Promise.all([small, other]);
  });

  describe('with a pace', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps a heavy write’s bytes in the budget until the pace allows them: 8 MB a second lets one 8 MB rewrite start a second', async () => {
      vi.useFakeTimers();
      const lanes = createWriteLanes({
        connections: 10,
        budgetBytes: 8 * MB,
        paceBytesPerSecond: 8 * MB,
        now: () => Date.now(),
      });
      const w = writes();
      const first = lanes.run('a', w.write('a1'), 9 * MB);
      const second = lanes.run('b', w.write('b1'), 9 * MB);
      await vi.advanceTimersByTimeAsync(0);
      expect(w.started).toEqual(['a1:heavy']);
      // a's rewrite took 200 ms: its connection is free, its 8 MB stay counted until 1 s after its start
      await vi.advanceTimersByTimeAsync(200);
      w.finish('a1');
      await first;
      expect(lanes.heavyRunning).toBe(0);
      await vi.advanceTimersByTimeAsync(700);
      expect(w.started).toEqual(['a1:heavy']);
      await vi.advanceTimersByTimeAsync(100);
      expect(w.started).toEqual(['a1:heavy', 'b1:heavy']);
      // a write longer than its pace gives its bytes back as it ends
      await vi.advanceTimersByTimeAsync(1_500);
      const third = lanes.run('a', w.write('a2'), 4 * MB);
      w.finish('b1');
      await second;
      await vi.advanceTimersByTimeAsync(0);
      expect(w.started).toEqual(['a1:heavy', 'b1:heavy', 'a2:heavy']);
      w.finish('a2');
      await third;
    });

    it('heavy writes of small documents are not paced (100 KB saves run as fast as the budget allows); a light company never waits for the pace', async () => {
      vi.useFakeTimers();
      const lanes = createWriteLanes({
        connections: 10,
        budgetBytes: MB,
        paceBytesPerSecond: MB,
        lightBytes: MB,
        now: () => Date.now(),
      });
      lanes.charge('busy', 4 * MB);
      let done = 0;
      // 80 writes of 100 KB taking 10 ms each, ten at once in a 1 MB budget: 80 ms (paced, 800 ms)
      const all = Array.from({ length: 80 }, () =>
        lanes.run(
          'busy',
          async () => {
            await new Promise((r) => setTimeout(r, 10));
            done++;
          },
          100 * 1024,
        ),
      );
      await vi.advanceTimersByTimeAsync(100);
      expect(done).toBe(80);
      await Promise.all(all);
      // a large rewrite holds the budget for a second
      expect(await lanes.run('big', async () => 'big', MB)).toBe('big');
      const after = lanes.run('busy', async () => 'small', 100 * 1024);
      let ran = false;
      void after.then(() => {
        ran = true;
      });
      await vi.advanceTimersByTimeAsync(900);
      expect(ran).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(await after).toBe('small');
      // another company's small save did not wait for it
      expect(await lanes.run('victim', async (lane) => lane, 2_000)).toBe('light');
    });
  });

  it('heavy companies share the connections: never more than all of them, each at most its share, in turn', async () => {
    const lanes = createWriteLanes({ connections: 4, lightBytes: MB, budgetBytes: 100 * MB });
    for (const c of ['a', 'b', 'c']) lanes.charge(c, 10 * MB);
    const w = writes();
    // a asks for 6 at once, then b for 2 and c for 2
    const all = [
      ...Array.from({ length: 6 }, () => lanes.run('a', w.write('a'))),
      ...Array.from({ length: 2 }, () => lanes.run('b', w.write('b'))),
      ...Array.from({ length: 2 }, () => lanes.run('c', w.write('c'))),
    ];
    await tick();
    // a alone at first: it took its share of then (all 4)
    expect(w.started).toEqual(['a:heavy', 'a:heavy', 'a:heavy', 'a:heavy']);
    expect(lanes.heavyRunning).toBe(4);
    expect(lanes.heavyWaiting).toBe(6);
    // as a's writes end, the connection goes to b and c (share now 4/3 → 1), not to a's next
    w.finish('a');
    await tick();
    w.finish('a');
    await tick();
    expect(w.started.slice(4)).toEqual(['b:heavy', 'c:heavy']);
    w.finish('a');
    w.finish('a');
    await tick();
    // a, b and c now run at most one each until their queues shorten: turns by company
    expect(w.started.slice(6)).toEqual(['a:heavy']);
    expect(lanes.heavyRunning).toBeLessThanOrEqual(4);
    for (let i = 0; i < 10; i++) {
      for (const c of ['a', 'b', 'c']) w.finish(c);
      await tick();
    }
    await Promise.all(all);
    expect(w.started.filter((s) => s.startsWith('a'))).toHaveLength(6);
    expect(lanes.heavyRunning).toBe(0);
    expect(lanes.heavyWaiting).toBe(0);
  });

  it('a light company never waits behind the heavy ones', async () => {
    const lanes = createWriteLanes({ connections: 2, lightBytes: MB, budgetBytes: 100 * MB });
    const w = writes();
    for (let k = 0; k < 12; k++) lanes.charge(`w${k}`, 8 * MB);
    const heavy = Array.from({ length: 12 }, (_, k) => lanes.run(`w${k}`, w.write(`w${k}`)));
    await tick();
    expect(lanes.heavyRunning).toBe(2);
    expect(await lanes.run('victim', async (lane) => lane)).toBe('light');
    for (let i = 0; i < 12; i++) {
      for (let k = 0; k < 12; k++) w.finish(`w${k}`);
      await tick();
    }
    await Promise.all(heavy);
  });

  it('a heavy write that waited too long answers 503 with Retry-After', async () => {
    const lanes = createWriteLanes({ connections: 1, lightBytes: MB, maxWaitMs: 30 });
    lanes.charge('a', 10 * MB);
    const w = writes();
    const first = lanes.run('a', w.write('a'));
    const second = lanes.run('a', w.write('a'));
    const error = await second.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).retryAfterSeconds).toBe(5);
    expect(lanes.heavyWaiting).toBe(0);
    w.finish('a');
    await first;
  });
});
