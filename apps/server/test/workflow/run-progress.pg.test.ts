import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { openEvents } from './sse-client.ts';
import { recordingTasks, saveProducts, waitForRun, workflowApp } from './support.ts';

// Its own database: no other test's workers share the job queue, so "one product at a time" holds.
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

describe('run progress in events', () => {
  it("a product's start says the run's progress so far, never back to 0", async () => {
    const { tasks } = recordingTasks();
    const { app, client } = await workflowApp(t.db, t.url, { tasks, concurrency: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const mine = openEvents(port, client.cookie);
    // Closed even when an assertion fails: an open stream would hold the app's close.
    onTestFinished(() => {
      mine.close();
    });
    await mine.ready;
    const ids = await saveProducts(client, 2);
    const runId = (await client.post('/api/workflow/runs', { productIds: ids, tasks: ['seo', 'pricing'] }))
      .body.runId;
    await waitForRun(client, runId);
    await expect
      .poll(() => mine.events.some((e) => e.type === 'run' && e.data.status === 'completed'), {
        // CI runs test files side by side on two cores: the last events may take seconds to arrive.
        timeout: 30_000,
      })
      .toBe(true);
    const running = mine.events
      .filter((e) => e.type === 'run' && e.data.status === 'running')
      .map((e) => e.data.progress);
    // One product at a time: the first starts at 0, the second when the first is done (half of the
    // run), and a start never says less than the one before it.
    expect(running[0]).toBe(0);
    expect(running.at(-1)).toBe(50);
    for (let i = 1; i < running.length; i++)
      expect(running[i]).toBeGreaterThanOrEqual(running[i - 1] as number);
  });
});
