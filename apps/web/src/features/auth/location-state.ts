import { isRecord } from '@rr/domain';

/** A text the previous page passed in the navigation state (`navigate(to, { state })`), if any. */
export function locationText(state: unknown, key: string): string | undefined {
  if (!isRecord(state)) return undefined;
  const v = state[key];
  return typeof v === 'string' ? v : undefined;
}
