import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { getFailures, getLive } from './api';
import { countByStatus } from './monitor-logic';
import { initialMonitorState, monitorReducer, pollInterval } from './monitor-state';

const POLL_MS = 5000;

/** The current time, ticking every `everyMs` (durations and next-slot countdowns age with it). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * The monitor's state (`monitor-state.ts`) wired to its two polled queries: the live requests with
 * the rate information, and the recent failures.
 */
export function useMonitor() {
  const [state, dispatch] = useReducer(monitorReducer, initialMonitorState);
  const now = useNow(1000);
  const refetchInterval = pollInterval(state, POLL_MS);
  const live = useQuery({
    queryKey: ['ai-monitor', 'live'],
    queryFn: ({ signal }) => getLive(signal),
    refetchInterval,
  });
  const failures = useQuery({
    queryKey: ['ai-monitor', 'failures'],
    queryFn: ({ signal }) => getFailures(50, signal),
    refetchInterval,
  });
  const rows = live.data?.requests ?? [];
  return {
    state,
    dispatch,
    now,
    live,
    failures,
    rows,
    counts: countByStatus(rows),
    /** How long ago the live list was read (open requests' durations add it). */
    sinceFetch: live.dataUpdatedAt ? now - live.dataUpdatedAt : 0,
    loadError: live.error ?? failures.error,
    refresh: () => {
      void live.refetch();
      void failures.refetch();
    },
  };
}
