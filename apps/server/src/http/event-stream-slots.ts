/**
 * Live event streams (GET /api/events) one user holds open at once in this process (issue 39: one
 * address held 300, each a socket, a heartbeat timer and a LISTEN subscription). A browser opens one
 * per tab; past the limit the user's oldest stream is closed (its tab reconnects after the stream's
 * `retry` and, if the user still has more tabs than the limit, closes the next oldest in turn).
 */
export const EVENT_STREAMS_PER_USER = 5;

export type StreamSlots = {
  /** Takes a slot for `userId`'s new stream, closing its oldest beyond `max`; answers its release. */
  take(userId: string, close: () => void): () => void;
  count(userId: string): number;
};

export function createStreamSlots(max = EVENT_STREAMS_PER_USER): StreamSlots {
  const open = new Map<string, Array<{ close: () => void }>>();
  return {
    take(userId, close) {
      const entry = { close };
      const list = open.get(userId) ?? [];
      list.push(entry);
      open.set(userId, list);
      while (list.length > max) list.shift()!.close();
      return () => {
        const now = open.get(userId);
        const at = now?.indexOf(entry) ?? -1;
        if (!now || at < 0) return;
        now.splice(at, 1);
        if (now.length === 0) open.delete(userId);
      };
    },
    count: (userId) => open.get(userId)?.length ?? 0,
  };
}
