import { useSyncExternalStore } from 'react';

/** The server's global processing flag and message (W §4 Workflow state), as its events last said. */
export type ServerProcessing = { isProcessing: boolean; message: string | null };

const IDLE: ServerProcessing = { isProcessing: false, message: null };
let state: ServerProcessing = IDLE;
const listeners = new Set<() => void>();

export function setServerProcessing(next: ServerProcessing): void {
  state = next.isProcessing ? next : IDLE;
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
