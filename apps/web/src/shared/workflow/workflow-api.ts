import type { RunList, RunView, StartRunRequest, StartRunResponse } from '@rr/contracts';
import { get, post } from '../products/http';

/** The workflow's HTTP contract (packages/contracts/src/workflow.ts). */

export const startRun = (req: StartRunRequest) => post<StartRunResponse>('/api/workflow/runs', req);

export const getRun = (runId: string, signal?: AbortSignal) =>
  get<RunView>(`/api/workflow/runs/${encodeURIComponent(runId)}`, signal);

export const listRuns = (limit: number, signal?: AbortSignal) =>
  get<RunList>(`/api/workflow/runs?limit=${limit}`, signal);

export const cancelRun = (runId: string) =>
  post<{ ok: true }>(`/api/workflow/runs/${encodeURIComponent(runId)}/cancel`, {});

/** Query keys of the workflow, shared by the screens and the server-event hook. */
export const runKeys = {
  all: ['workflow'] as const,
  list: (limit: number) => ['workflow', 'runs', limit] as const,
  lists: ['workflow', 'runs'] as const,
  run: (runId: string) => ['workflow', 'run', runId] as const,
  runs: ['workflow', 'run'] as const,
};
