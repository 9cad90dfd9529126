import { CancelRunResponse, RunList, RunView, type StartRunRequest, StartRunResponse } from '@rr/contracts';
import { get, post } from '../products/http';

/** The workflow's HTTP contract (packages/contracts/src/workflow.ts). */

export const startRun = (req: StartRunRequest) => post('/api/workflow/runs', StartRunResponse, req);

export const getRun = (runId: string, signal?: AbortSignal) =>
  get(`/api/workflow/runs/${encodeURIComponent(runId)}`, RunView, signal);

export const listRuns = (limit: number, signal?: AbortSignal) =>
  get(`/api/workflow/runs?limit=${limit}`, RunList, signal);

export const cancelRun = (runId: string) =>
  post(`/api/workflow/runs/${encodeURIComponent(runId)}/cancel`, CancelRunResponse, {});

/** Query keys of the workflow, shared by the screens and the server-event hook. */
export const runKeys = {
  all: ['workflow'] as const,
  list: (limit: number) => ['workflow', 'runs', limit] as const,
  lists: ['workflow', 'runs'] as const,
  run: (runId: string) => ['workflow', 'run', runId] as const,
  runs: ['workflow', 'run'] as const,
};
