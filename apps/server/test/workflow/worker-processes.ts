import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestDb } from '../support/test-db.ts';

// Workflow workers in processes of their own (fixtures/worker-process.ts), for the tests that kill
// one: every task logs its start and end, with the worker's pid, in wf_test_calls.

const workerScript = path.join(import.meta.dirname, 'fixtures', 'worker-process.ts');

export type CallRow = { product_id: string; task: string; pid: number; phase: string };

export function workerProcesses(t: () => TestDb) {
  const children: ChildProcess[] = [];
  return {
    /** Creates wf_test_calls; answers what kills every worker still running. */
    async prepare(): Promise<() => void> {
      await sql`create table wf_test_calls (id serial, product_id uuid, task text, pid int, phase text, at timestamptz default now())`.execute(
        t().db,
      );
      return () => this.killAll();
    },
    killAll(): void {
      for (const c of children.splice(0)) c.kill('SIGKILL');
    },
    /** Starts a worker (env: TASK_MS, HEARTBEAT_S, CLAIM_SCAN_MS) and waits until it works. */
    start(env: Record<string, string> = {}): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
        env: {
          ...process.env,
          DATABASE_URL: t().url,
          APP_SECRET: 'test-secret-0123456789abcdef',
          DATA_DIR: path.join(tmpdir(), 'rr-wf-worker'),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => {
          if (d.toString().includes('worker ready')) resolve(child);
        });
        child.on('exit', (code) => reject(new Error(`worker exited ${code}`)));
      });
    },
    async calls(): Promise<CallRow[]> {
      return (
        await sql<CallRow>`select product_id, task, pid, phase from wf_test_calls order by id`.execute(t().db)
      ).rows;
    },
  };
}
