import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { recordingTasks, saveProducts, waitForRun, workflowApp } from './support.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

type Sse = { id: number; type: string; data: Record<string, unknown> };

/** Opens GET /api/events on the listening app and collects events until `close()`. */
function openEvents(port: number, cookie: string, lastEventId?: number) {
  const events: Sse[] = [];
  let raw = '';
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: '/api/events',
    headers: { cookie, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
  });
  const ready = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  void ready.then((res) =>
    res.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
      let end = raw.indexOf('\n\n');
      while (end >= 0) {
        const block = raw.slice(0, end);
        raw = raw.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (id && type && data) events.push({ id: Number(id), type, data: JSON.parse(data) });
        end = raw.indexOf('\n\n');
      }
    }),
  );
  return { events, ready, close: () => req.destroy() };
}

describe('GET /api/events (SSE)', () => {
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

  it("a product's start says the run's progress so far, never back to 0", async () => {
    const { tasks } = recordingTasks();
    const { app, client } = await workflowApp(t.db, t.url, { tasks, concurrency: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const mine = openEvents(port, client.cookie);
    await mine.ready;
    const ids = await saveProducts(client, 2);
    const runId = (await client.post('/api/workflow/runs', { productIds: ids, tasks: ['seo', 'pricing'] }))
      .body.runId;
    await waitForRun(client, runId);
    await expect
      .poll(() => mine.events.some((e) => e.type === 'run' && e.data.status === 'completed'))
      .toBe(true);
    const running = mine.events
      .filter((e) => e.type === 'run' && e.data.status === 'running')
      .map((e) => e.data.progress);
    // One product at a time: the second starts when the first is done, half of the run.
    expect(running).toEqual([0, 50]);
    mine.close();
  });
});
