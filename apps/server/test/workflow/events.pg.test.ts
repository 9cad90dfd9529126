import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAMS_PER_USER } from '../../src/http/event-stream-slots.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { openEvents } from './sse-client.ts';
import { recordingTasks, saveProducts, waitForRun, workflowApp } from './support.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe('GET /api/events (SSE)', () => {
  it(`holds at most ${EVENT_STREAMS_PER_USER} streams of one user open: a new one closes the oldest (issue 39)`, async () => {
    const { app, client } = await workflowApp(t.db, t.url, { worker: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const ended: number[] = [];
    const streams = [];
    for (let i = 0; i < EVENT_STREAMS_PER_USER + 3; i++) {
      const s = openEvents(port, client.cookie);
      const res = await s.ready;
      res.on('end', () => ended.push(i));
      streams.push(s);
    }
    await expect.poll(() => [...ended].sort()).toEqual([0, 1, 2]);
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toHaveLength(3);
    for (const s of streams) s.close();
  });

  it("streams the company's run, task and processing events, and replays missed ones by Last-Event-ID", async () => {
    const { tasks } = recordingTasks();
    const { app, client } = await workflowApp(t.db, t.url, { tasks });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const other = await workflowApp(t.db, t.url, { tasks, worker: false });

    const mine = openEvents(port, client.cookie);
    const theirs = openEvents(port, other.client.cookie);
    const res = await mine.ready;
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    await theirs.ready;

    const [id] = await saveProducts(client, 1);
    const runId = (await client.post('/api/workflow/runs', { productIds: [id], tasks: ['seo', 'pricing'] }))
      .body.runId;
    await waitForRun(client, runId);
    await expect
      .poll(() => mine.events.some((e) => e.type === 'run' && e.data.status === 'completed'))
      .toBe(true);
    const types = mine.events.map((e) => e.type);
    expect(types).toContain('processing');
    const seo = mine.events
      .filter((e) => e.type === 'task' && e.data.task === 'seo')
      .map((e) => e.data.status);
    expect(seo).toEqual(['processing', 'completed']);
    const last = mine.events.find(
      (e) => e.type === 'task' && e.data.task === 'pricing' && e.data.status === 'completed',
    );
    expect(last?.data).toMatchObject({ productId: id, completedTasks: ['seo', 'pricing'], progress: 100 });
    // Another company sees none of it.
    expect(theirs.events).toEqual([]);
    mine.close();
    theirs.close();

    // A tab that reconnects with the id of the first event it saw gets every later one, in order.
    const firstId = mine.events[0]!.id;
    const again = openEvents(port, client.cookie, firstId);
    await again.ready;
    // (An event published after the first tab closed, e.g. the final processing flag, may follow.)
    const seen = mine.events.slice(1).map((e) => e.id);
    await expect.poll(() => again.events.length).toBeGreaterThanOrEqual(seen.length);
    expect(again.events.map((e) => e.id).slice(0, seen.length)).toEqual(seen);
    again.close();

    const anonymous = await fetch(`http://127.0.0.1:${port}/api/events`);
    expect(anonymous.status).toBe(401);
  });
});
