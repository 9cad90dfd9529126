import type { RunView, StartRunRequest } from '@rr/contracts';
import { skipToken, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isActiveRun } from './run-view';
import { cancelRun, getRun, listRuns, runKeys, startRun } from './workflow-api';

/** How many of the company's latest runs the screens look at to find the active ones. */
export const RECENT_RUNS = 10;
/** While a run is active its view is also re-read now and then, in case the event stream is down. */
const ACTIVE_REFETCH_MS = 15_000;

export function useRecentRuns(limit = RECENT_RUNS) {
  return useQuery({
    queryKey: runKeys.list(limit),
    queryFn: ({ signal }) => listRuns(limit, signal),
    refetchInterval: (q) =>
      q.state.data?.runs.some((r) => isActiveRun(r.status)) ? ACTIVE_REFETCH_MS : false,
  });
}

export function useRun(runId: string | null) {
  return useQuery({
    queryKey: runKeys.run(runId ?? ''),
    queryFn: runId === null ? skipToken : ({ signal }) => getRun(runId, signal),
    refetchInterval: (q) => (q.state.data && isActiveRun(q.state.data.status) ? ACTIVE_REFETCH_MS : false),
  });
}

/** The company's active runs (queued or running) by id, from the latest runs: a reloaded tab finds them again. */
export function useActiveRunIds(): string[] {
  const list = useRecentRuns();
  return useMemo(
    () => (list.data?.runs ?? []).filter((r) => isActiveRun(r.status)).map((r) => r.runId),
    [list.data],
  );
}

/** The full views of some runs (kept current by the server's events), in the order asked. */
export function useRunViews(ids: readonly string[]): RunView[] {
  const runs = useQueries({
    queries: ids.map((id) => ({
      queryKey: runKeys.run(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRun(id, signal),
      refetchInterval: (q: { state: { data?: RunView } }) =>
        q.state.data && !isActiveRun(q.state.data.status) ? false : ACTIVE_REFETCH_MS,
    })),
  });
  return runs.flatMap((q) => (q.data ? [q.data] : []));
}

/** The active runs' views. */
export function useActiveRuns(): RunView[] {
  return useRunViews(useActiveRunIds()).filter((r) => isActiveRun(r.status));
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: StartRunRequest) => startRun(req),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: runKeys.lists }),
  });
}

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => cancelRun(runId),
    onSuccess: (_res, runId) => {
      void queryClient.invalidateQueries({ queryKey: runKeys.run(runId) });
      void queryClient.invalidateQueries({ queryKey: runKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
