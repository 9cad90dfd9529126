import { useSyncExternalStore } from 'react';

/** The server's global processing flag and message (W §4 Workflow state), as its events last said. */
export type ServerProcessing = { isProcessing: boolean; message: string | null };

const IDLE: ServerProcessing = { isProcessing: false, message: null };
let state: ServerProcessing = IDLE;
const listeners = new Set<() => void>();

/** Keeps the last message also when work stops: the end of a run says how it went (Q §1). */
export function setServerProcessing(next: ServerProcessing): void {
  state = next.isProcessing || next.message ? next : IDLE;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const read = () => state;

export function useServerProcessing(): ServerProcessing {
  return useSyncExternalStore(subscribe, read, read);
}

export function getServerProcessing(): ServerProcessing {
  return state;
}
