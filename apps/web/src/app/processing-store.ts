import { useSyncExternalStore } from 'react';

/** Spec §3/§4: the global processing flag and message held during work, with a progress percent. */
export type ProcessingState = { isProcessing: boolean; message: string; progress: number | null };

const IDLE: ProcessingState = { isProcessing: false, message: '', progress: null };
let state: ProcessingState = IDLE;
const listeners = new Set<() => void>();

function clampProgress(progress: number | null | undefined): number | null {
  if (progress == null || Number.isNaN(progress)) return null;
  return Math.min(100, Math.max(0, progress));
}

/** Shows (or clears) the top-bar indicator. Progress is clamped to 0–100; omit it for an indeterminate bar. */
export function setProcessing(flag: boolean, message = '', progress?: number | null): void {
  state = flag ? { isProcessing: true, message, progress: clampProgress(progress) } : IDLE;
  for (const listener of listeners) listener();
}

/**
 * Work has ended with a message the seller should read (the end of a run: "등록 정보 생성 완료 …"):
 * the indicator shows it without a spinner until the next work starts or it is dismissed.
 */
export function setFinished(message: string): void {
  state = message ? { isProcessing: false, message, progress: null } : IDLE;
  for (const listener of listeners) listener();
}

export function getProcessing(): ProcessingState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProcessing(): ProcessingState {
  return useSyncExternalStore(subscribe, getProcessing, getProcessing);
}
