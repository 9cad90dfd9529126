import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type StoredEvent } from '../../src/workflow/event-bus.ts';
import { createEventRepository } from '../../src/workflow/event-repository.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';

// Issue 21: event ids are numbered per company, densely, so a company cannot read other companies'
// activity from gaps; Last-Event-ID replay keeps working on those numbers.

let t: TestDb;
let a: string;
let b: string;
beforeAll(async () => {
  t = await createTestDb();
  const rows = await sql<{ id: string }>`
    insert into companies (name, supplier_code) values ('가상사', 'A0001'), ('나상사', 'B0001')
    returning id`.execute(t.db);
  [a, b] = rows.rows.map((r) => r.id) as [string, string];
});

const updated = (productId: string) => ({ type: 'product-updated' as const, productId });

describe('per-company event ids', () => {
  it("numbers each company's events 1, 2, 3… whatever other companies do, and replays by that number", async () => {
    const bus = createEventBus(createEventRepository(t.db), t.url);
    const seenByA: StoredEvent[] = [];
    const seenByB: StoredEvent[] = [];
    const offA = await bus.subscribe(a, (e) => seenByA.push(e));
    const offB = await bus.subscribe(b, (e) => seenByB.push(e));

    const ids: [string, number][] = [];
    for (const [company, n] of [
      [a, 1],
      [b, 1],
      [b, 2],
      [b, 3],
      [a, 2],
      [b, 4],
      [a, 3],
    ] as const)
      ids.push([company, await bus.publish(company, updated(`p${n}`))]);
    expect(ids.filter(([c]) => c === a).map(([, id]) => id)).toEqual([1, 2, 3]);
    expect(ids.filter(([c]) => c === b).map(([, id]) => id)).toEqual([1, 2, 3, 4]);

    // Delivered through NOTIFY with the same numbers, each company only its own.
    await expect.poll(() => seenByA.length + seenByB.length).toBe(7);
    expect(seenByA.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(seenByA.map((e) => e.event)).toEqual([updated('p1'), updated('p2'), updated('p3')]);
    expect(seenByB.map((e) => e.id)).toEqual([1, 2, 3, 4]);

    expect((await bus.replay(a, 1)).map((e) => [e.id, e.event])).toEqual([
      [2, updated('p2')],
      [3, updated('p3')],
    ]);
    expect(await bus.replay(a, 3)).toEqual([]);
    expect(await bus.lastId(a)).toBe(3);
    expect(await bus.lastId(b)).toBe(4);
    offA();
    offB();
    await bus.close();
  });

  it('stays dense under concurrent publishes, and numbers are never reused after pruning', async () => {
    const bus = createEventBus(createEventRepository(t.db), undefined);
    const start = await bus.lastId(a);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => bus.publish(a, updated(`c${i}`))));
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => start + i + 1));
    await sql`update workflow_events set created_at = now() - interval '2 days'`.execute(t.db);
    await bus.prune();
    expect(await bus.replay(a, 0)).toEqual([]);
    expect(await bus.publish(a, updated('after'))).toBe(start + 31);
    await bus.close();
  });
});
