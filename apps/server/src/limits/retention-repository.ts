import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { deleteEndedCounters } from './counter-repository.ts';

/**
 * How long rows that only grow are kept. The scheduled clean-up (`container.start()`, at start and
 * then hourly in every process; deletes are idempotent) removes what is past these.
 */
export const RETENTION = {
  /** Access history (sign-ins, failures, locks): kept for audits. */
  accessHistoryDays: 90,
  /** Outbox mails (reset links): their links expire within the hour. */
  outboxDays: 7,
  /** Finished AI requests (the request log behind the monitor and the dashboard). */
  aiRequestDays: 30,
} as const;

export type CleanUpCounts = {
  sessions: number;
  passwordResets: number;
  accessHistory: number;
  outbox: number;
  aiRequests: number;
  rateCounters: number;
};

/** Deletes expired sessions and reset links, old access history, outbox mails, request logs and ended rate windows. */
export async function cleanUpExpired(db: Db): Promise<CleanUpCounts> {
  const count = (r: { numDeletedRows: bigint }[]) => Number(r[0]?.numDeletedRows ?? 0);
  const days = (n: number) => sql<Date>`now() - make_interval(days => ${n})`;
  return {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute()),
    passwordResets: count(
      await db
        .deleteFrom('password_resets')
        .where((eb) => eb.or([eb('expires_at', '<=', sql<Date>`now()`), eb('used_at', 'is not', null)]))
        .execute(),
    ),
    accessHistory: count(
      await db.deleteFrom('access_history').where('at', '<', days(RETENTION.accessHistoryDays)).execute(),
    ),
    outbox: count(
      await db.deleteFrom('outbox').where('created_at', '<', days(RETENTION.outboxDays)).execute(),
    ),
    aiRequests: count(
      await db
        .deleteFrom('ai_requests')
        .where('finished_at', 'is not', null)
        .where('finished_at', '<', days(RETENTION.aiRequestDays))
        .execute(),
    ),
    rateCounters: await deleteEndedCounters(db),
  };
}
