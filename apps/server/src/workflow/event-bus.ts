import { EventEmitter } from 'node:events';
import type { WorkflowEvent } from '@rr/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.ts';

/**
 * An event as a screen receives it: its number among the company's events (SSE `id:`, 1, 2, 3… per
 * company, migration 0013: no gaps from other companies' activity) and the event.
 */
export type StoredEvent = { id: number; event: WorkflowEvent };

const CHANNEL = 'rr_workflow_events';
/** Events are kept this long for replay (Last-Event-ID); older ones are deleted by `prune`. */
const KEEP_FOR = '1 day';
const REPLAY_LIMIT = 1000;

export type EventBus = ReturnType<typeof createEventBus>;

/**
 * Events for the screens of one company, shared by every process: `publish` stores the event (its
 * id orders and replays it) and NOTIFYs; each process LISTENs on one dedicated connection and hands
 * the event to its subscribers (the SSE streams of that company). Without a database URL (tests of
 * other areas) events are only stored and delivered inside this process.
 */
export function createEventBus(
  db: Db,
  databaseUrl: string | undefined,
  log?: { warn: (o: object, m?: string) => void },
) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;
  let delivering: Promise<void> = Promise.resolve();

  async function deliver(seq: number, companyId: string) {
    const rows = await sql<{ payload: WorkflowEvent }>`
      select payload from workflow_events where company_id = ${companyId} and seq = ${seq}`.execute(db);
    const event = rows.rows[0]?.payload;
    if (event) local.emit(companyId, { id: seq, event } satisfies StoredEvent);
  }

  function listen(): Promise<void> {
    if (!databaseUrl || closed) return Promise.resolve();
    listening ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', (err) => {
        log?.warn({ err: err.message }, 'event bus connection lost; reconnecting');
        client = undefined;
        listening = undefined;
        setTimeout(() => void listen().catch(() => {}), 1000).unref();
      });
      c.on('notification', (msg) => {
        const [id, companyId] = (msg.payload ?? '').split(':');
        if (!id || !companyId) return;
        // One at a time, in the order PostgreSQL sent them: a screen sees a run's events in order.
        delivering = delivering
          .then(() => deliver(Number(id), companyId))
          .catch((err: Error) => log?.warn({ err: err.message, id }, 'workflow event not delivered'));
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
    })();
    return listening;
  }

  const bus = {
    /**
     * Stores the event for the company under its next number and tells every process. Returns the
     * number. One statement takes the number and stores the event, so a failed insert leaves no gap;
     * the counter row orders a company's concurrent publishes.
     */
    async publish(companyId: string, event: WorkflowEvent): Promise<number> {
      const row = await sql<{ seq: number }>`
        with next as (
          insert into workflow_event_counters as c (company_id, last_seq) values (${companyId}, 1)
          on conflict (company_id) do update set last_seq = c.last_seq + 1
          returning last_seq)
        insert into workflow_events (company_id, seq, type, payload)
        select ${companyId}, last_seq, ${event.type}, ${JSON.stringify(event)}::jsonb from next
        returning seq`.execute(db);
      const id = row.rows[0]!.seq;
      if (databaseUrl) {
        await sql`select pg_notify(${CHANNEL}, ${`${id}:${companyId}`})`.execute(db);
      } else {
        local.emit(companyId, { id, event } satisfies StoredEvent);
      }
      return id;
    },

    /** Calls `onEvent` for every new event of the company until the returned function is called. */
    async subscribe(companyId: string, onEvent: (e: StoredEvent) => void): Promise<() => void> {
      await listen();
      local.on(companyId, onEvent);
      return () => local.off(companyId, onEvent);
    },

    /**
     * A screen's stream: `send` gets the company's events after `afterId` (a reconnecting tab's
     * Last-Event-ID; without it, only events newer than now), then every new one, each once and in
     * order, until the returned function is called. Live events are held while the replay is read,
     * so none falls between.
     */
    async stream(
      companyId: string,
      afterId: number | undefined,
      send: (e: StoredEvent) => void,
    ): Promise<() => void> {
      let lastSent = 0;
      const sendOnce = (e: StoredEvent) => {
        if (e.id <= lastSent) return;
        lastSent = e.id;
        send(e);
      };
      let held: StoredEvent[] | null = [];
      const unsubscribe = await bus.subscribe(companyId, (e) => (held ? held.push(e) : sendOnce(e)));
      try {
        if (afterId !== undefined) for (const e of await bus.replay(companyId, afterId)) sendOnce(e);
        else lastSent = await bus.lastId(companyId);
        for (const e of held) sendOnce(e);
      } catch (error) {
        unsubscribe();
        throw error;
      } finally {
        held = null;
      }
      return unsubscribe;
    },

    /** The company's events after number `afterId` (a reconnecting tab's Last-Event-ID), oldest first. */
    async replay(companyId: string, afterId: number): Promise<StoredEvent[]> {
      const rows = await sql<{ seq: number; payload: WorkflowEvent }>`
        select seq, payload from workflow_events
        where company_id = ${companyId} and seq > ${afterId}
          and created_at > now() - ${KEEP_FOR}::interval
        order by seq limit ${REPLAY_LIMIT}`.execute(db);
      return rows.rows.map((r) => ({ id: r.seq, event: r.payload }));
    },

    /** The number of the company's newest event (a new tab starts after it). */
    async lastId(companyId: string): Promise<number> {
      const rows = await sql<{ seq: number | null }>`
        select last_seq as seq from workflow_event_counters where company_id = ${companyId}`.execute(db);
      return rows.rows[0]?.seq ?? 0;
    },

    async prune(): Promise<void> {
      await sql`delete from workflow_events where created_at < now() - ${KEEP_FOR}::interval`.execute(db);
    },

    async close(): Promise<void> {
      closed = true;
      local.removeAllListeners();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
  return bus;
}
