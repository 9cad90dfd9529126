import type { WorkflowEvent } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { createEventBus, type StoredEvent } from '../../src/workflow/event-bus.ts';
import type { EventRepository } from '../../src/workflow/event-repository.ts';

// The event bus on a fake event repository, without a database URL (events delivered inside this
// process): numbering per company, a screen's stream (replay, then live, each once), pruning. The
// SQL and LISTEN/NOTIFY are tested on PostgreSQL in event-ids.pg.test.ts.

function fakeEvents() {
  const stored = new Map<string, WorkflowEvent[]>();
  const pruned: string[] = [];
  const repository: EventRepository = {
    async findEvent(companyId, seq) {
      return stored.get(companyId)?.[seq - 1];
    },
    async insertEvent(companyId, event) {
      const list = stored.get(companyId) ?? [];
      list.push(event);
      stored.set(companyId, list);
      return list.length;
    },
    async listenOn() {
      throw new Error('no LISTEN without a database URL');
    },
    async notify() {
      throw new Error('no NOTIFY without a database URL');
    },
    async findEventsAfter(companyId, afterId, opts) {
      return (stored.get(companyId) ?? [])
        .map((event, i) => ({ id: i + 1, event }))
        .filter((e) => e.id > afterId)
        .slice(0, opts.limit);
    },
    async lastEventId(companyId) {
      return stored.get(companyId)?.length ?? 0;
    },
    async deleteEventsOlderThan(keepFor) {
      pruned.push(keepFor);
    },
  };
  return { repository, stored, pruned };
}

const event = (productId: string): WorkflowEvent => ({ type: 'product-updated', productId });

describe('event bus (fake repository, no database)', () => {
  it('numbers each company’s events from 1 and delivers them to that company’s subscribers only', async () => {
    const f = fakeEvents();
    const bus = createEventBus(f.repository, undefined);
    const got: StoredEvent[] = [];
    const other: StoredEvent[] = [];
    const stop = await bus.subscribe('c1', (e) => got.push(e));
    await bus.subscribe('c2', (e) => other.push(e));
    expect(await bus.publish('c1', event('r1'))).toBe(1);
    expect(await bus.publish('c1', event('r2'))).toBe(2);
    expect(await bus.publish('c2', event('r3'))).toBe(1);
    stop();
    await bus.publish('c1', event('r4'));
    expect(got.map((e) => e.id)).toEqual([1, 2]);
    expect(other.map((e) => e.id)).toEqual([1]);
    await bus.close();
  });

  it('streams a reconnecting tab the events after its Last-Event-ID, then new ones; a new tab only new ones', async () => {
    const f = fakeEvents();
    const bus = createEventBus(f.repository, undefined);
    for (const r of ['r1', 'r2', 'r3']) await bus.publish('c1', event(r));
    const back: number[] = [];
    const fresh: number[] = [];
    const stopBack = await bus.stream('c1', 1, (e) => back.push(e.id));
    const stopFresh = await bus.stream('c1', undefined, (e) => fresh.push(e.id));
    await bus.publish('c1', event('r4'));
    expect(back).toEqual([2, 3, 4]);
    expect(fresh).toEqual([4]);
    stopBack();
    stopFresh();
    await bus.prune();
    expect(f.pruned).toEqual(['1 day']);
    await bus.close();
  });
});
