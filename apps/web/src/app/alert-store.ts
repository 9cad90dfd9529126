import { useSyncExternalStore } from 'react';

/** One modal alert at a time (the spec's "alerted" login-status message). */
let message: string | null = null;
const listeners = new Set<() => void>();

export function showAlert(text: string): void {
  message = text;
  for (const l of listeners) l();
}

export function dismissAlert(): void {
  message = null;
  for (const l of listeners) l();
}

export function useAlertMessage(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => message,
    () => message,
  );
}
