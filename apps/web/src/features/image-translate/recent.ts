/** The last translations of this browser, so a developer can pick one again (by request id). */
export type RecentJob = { requestId: string; url: string; at: string };

const KEY = 'rr-image-translate-recent';
const MAX = 8;

export function readRecent(): RecentJob[] {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(v)
      ? v.filter((j): j is RecentJob => !!j && typeof j.requestId === 'string' && typeof j.url === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Newest first, one entry per request id, at most 8. */
export function pushRecent(list: readonly RecentJob[], job: RecentJob): RecentJob[] {
  return [job, ...list.filter((j) => j.requestId !== job.requestId)].slice(0, MAX);
}

export function writeRecent(list: readonly RecentJob[]): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage unavailable: the list lasts for this page only
  }
}
