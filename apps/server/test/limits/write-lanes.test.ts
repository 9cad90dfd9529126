import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../src/errors/app-error.ts';
import { createWriteLanes, heavyWritesAtOnce } from '../../src/limits/write-lanes.ts';

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
    [1, 1],
    [2, 1],
    [4, 3],
    [16, 15],
  ])('on %i cores, heavy writes run %i at once (every core but one, at least one)', (cores, atOnce) => {
    expect(heavyWritesAtOnce(cores)).toBe(atOnce);
  });

  it('with one heavy write at once, a second heavy company waits for the first to finish, then runs', async () => {
    const lanes = createWriteLanes({ connections: heavyWritesAtOnce(2), lightBytes: MB });
    lanes.charge('a', 8 * MB);
    lanes.charge('b', 8 * MB);
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
    // a light company is never behind them
    expect(await lanes.run('c', async (lane) => lane)).toBe('light');
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

  it('heavy companies share the connections: never more than all of them, each at most its share, in turn', async () => {
    const lanes = createWriteLanes({ connections: 4, lightBytes: MB });
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
    const lanes = createWriteLanes({ connections: 2, lightBytes: MB });
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
