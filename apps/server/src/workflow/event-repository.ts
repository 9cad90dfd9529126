import type { WorkflowEvent } from '@rr/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';

/**
 * SQL of the screens' events (`workflow_events`, numbered per company by `workflow_event_counters`,
 * migration 0013). Built once by the container; the bus (event-bus.ts) stores, notifies, replays and
 * streams them through it.
 */
export function createEventRepository(db: Db) {
  return {
    async findEvent(companyId: string, seq: number): Promise<WorkflowEvent | undefined> {
      const rows = await sql<{ payload: WorkflowEvent }>`
        select payload from workflow_events where company_id = ${companyId} and seq = ${seq}`.execute(db);
      return rows.rows[0]?.payload;
    },

    /**
     * Stores the event under the company's next number and answers it. One statement takes the number
     * and stores the event, so a failed insert leaves no gap; the counter row orders a company's
     * concurrent publishes.
     */
    async insertEvent(companyId: string, event: WorkflowEvent): Promise<number> {
      const row = await sql<{ seq: number }>`
        with next as (
          insert into workflow_event_counters as c (company_id, last_seq) values (${companyId}, 1)
          on conflict (company_id) do update set last_seq = c.last_seq + 1
          returning last_seq)
        insert into workflow_events (company_id, seq, type, payload)
        select ${companyId}, last_seq, ${event.type}, ${JSON.stringify(event)}::jsonb from next
        returning seq`.execute(db);
      return row.rows[0]!.seq;
    },

    /** LISTEN on the channel with a dedicated connection (its notifications arrive as client events). */
    async listenOn(client: pg.Client, channel: string): Promise<void> {
      await client.query(`listen ${channel}`);
    },

    /** NOTIFY on the channel every process LISTENs to. */
    async notify(channel: string, payload: string): Promise<void> {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },

    /** The company's events after number `afterId` still kept (younger than `keepFor`), oldest first. */
    async findEventsAfter(
      companyId: string,
      afterId: number,
      opts: { keepFor: string; limit: number },
    ): Promise<{ id: number; event: WorkflowEvent }[]> {
      const rows = await sql<{ seq: number; payload: WorkflowEvent }>`
        select seq, payload from workflow_events
        where company_id = ${companyId} and seq > ${afterId}
          and created_at > now() - ${opts.keepFor}::interval
        order by seq limit ${opts.limit}`.execute(db);
      return rows.rows.map((r) => ({ id: r.seq, event: r.payload }));
    },

    /** The number of the company's newest event, 0 without any. */
    async lastEventId(companyId: string): Promise<number> {
      const rows = await sql<{ seq: number | null }>`
        select last_seq as seq from workflow_event_counters where company_id = ${companyId}`.execute(db);
      return rows.rows[0]?.seq ?? 0;
    },

    async deleteEventsOlderThan(keepFor: string): Promise<void> {
      await sql`delete from workflow_events where created_at < now() - ${keepFor}::interval`.execute(db);
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
