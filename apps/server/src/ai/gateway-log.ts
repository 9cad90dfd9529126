import type { RateRule } from '@rr/domain';
import type { SlotStore } from './limiter/slot-store.ts';
import type { RequestLog, RequestLogEntry, RequestOutcome } from './request-log-repository.ts';

// The gateway's log step (ai/gateway.ts): the request log row of one request and its later writes.

export type RequestStatus = 'pending' | 'processing' | 'success' | 'error' | 'timeout';

/** The log writes of one request, in order behind the call. */
export type RequestWrites = {
  /** The row's id once its first write is done (undefined before, or when it failed). */
  readonly id: number | undefined;
  /** The first attempt's slot when it was reserved with the log row; whether the row says processing. */
  readonly firstSlot: { at: number; processing: boolean } | undefined;
  scheduled(slotAt: number): void;
  attempt(attempt: number, at: number): void;
  retrying(message: string, httpStatus: number | null, at: number): void;
  /** The last write; answers the chain of this request's writes (settled, never rejected). */
  finish(outcome: RequestOutcome, at: number): Promise<unknown>;
};

export type StartWrites = {
  requestLog: RequestLog;
  slots: SlotStore;
  entry: RequestLogEntry;
  started: number;
  /** The first send slot to reserve with the row (a sendable call with a limiter bucket). */
  firstSlot: { limiterKey: string; rule: RateRule } | undefined;
  /** The row exists: its id and status (the gateway registers the call and tells the screens). */
  onLogged(id: number, status: RequestStatus): void;
  /** A write moved the row to this status. */
  onStatus(id: number, status: RequestStatus): void;
  warn(obj: object, msg: string): void;
};

/**
 * Starts the request's log row. Writes of a request run in order behind the call; none is awaited
 * but the first, and that one only when it also reserves the first send slot (a PostgreSQL slot
 * store in the request log's database: one round trip for both). A write that fails is logged as a
 * warning and never fails the call.
 */
export async function startRequestWrites(start: StartWrites): Promise<RequestWrites> {
  const { requestLog, entry, started } = start;
  let id: number | undefined;
  const warn = (err: unknown) => start.warn({ err, id }, 'ai request log write failed');
  const logged = (rowId: number, status: RequestStatus) => {
    id = rowId;
    start.onLogged(rowId, status);
  };
  let writes: Promise<unknown> = Promise.resolve();
  let firstSlot: RequestWrites['firstSlot'];
  const inline = start.firstSlot ? requestLog.inlineSlots?.(start.slots) : undefined;
  if (start.firstSlot && inline) {
    const { limiterKey, rule } = start.firstSlot;
    try {
      const row = await requestLog.startReserving(
        entry,
        started,
        inline.reserveSql(limiterKey, started, rule),
      );
      firstSlot = { at: row.slot, processing: row.status === 'processing' };
      logged(row.id, row.status);
    } catch (err) {
      warn(err); // no log row (e.g. an unknown company); the slot is reserved on its own later
    }
  } else {
    writes = requestLog
      .start(entry, started)
      .then((rowId) => logged(rowId, 'pending'))
      .catch(warn);
  }
  const write = (fn: (rowId: number) => Promise<unknown>, status?: RequestStatus) => {
    writes = writes
      .then(async () => {
        if (id === undefined) return;
        await fn(id);
        if (status) start.onStatus(id, status);
      })
      .catch(warn);
  };
  return {
    get id() {
      return id;
    },
    firstSlot,
    scheduled: (slotAt) => write((rowId) => requestLog.scheduled(rowId, slotAt)),
    attempt: (attempt, at) => write((rowId) => requestLog.attempt(rowId, attempt, at), 'processing'),
    retrying: (message, httpStatus, at) =>
      write((rowId) => requestLog.retrying(rowId, message, httpStatus, at), 'pending'),
    finish(outcome, at) {
      write((rowId) => requestLog.finish(rowId, outcome, at), outcome.status);
      return writes;
    },
  };
}
