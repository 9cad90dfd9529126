import { EventEmitter } from 'node:events';
import type { WorkflowEvent } from '@rr/contracts';
import pg from 'pg';
import type { EventRepository } from './event-repository.ts';

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
 * other areas) events are only stored and delivered inside this process. `events` is the
 * container's `createEventRepository(db)`.
 */
export function createEventBus(
  events: EventRepository,
  databaseUrl: string | undefined,
  log?: { warn: (o: object, m?: string) => void },
) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const listener = createListener(events, databaseUrl, local, log);

  const bus = {
    /**
     * Stores the event for the company under its next number and tells every process. Returns the
     * number. One statement takes the number and stores the event, so a failed insert leaves no gap;
     * the counter row orders a company's concurrent publishes.
     */
    async publish(companyId: string, event: WorkflowEvent): Promise<number> {
      const id = await events.insertEvent(companyId, event);
      if (databaseUrl) {
        await events.notify(CHANNEL, `${id}:${companyId}`);
      } else {
        local.emit(companyId, { id, event } satisfies StoredEvent);
      }
      return id;
    },

    /** Calls `onEvent` for every new event of the company until the returned function is called. */
    async subscribe(companyId: string, onEvent: (e: StoredEvent) => void): Promise<() => void> {
      await listener.listen();
      local.on(companyId, onEvent);
      return () => local.off(companyId, onEvent);
    },

    /**
     * A screen's stream: `send` gets the company's events after `afterId` (a reconnecting tab's
     * Last-Event-ID; without it, only events newer than now), then every new one, each once and in
     * order, until the returned function is called.
     */
    stream(companyId: string, afterId: number | undefined, send: (e: StoredEvent) => void) {
      return streamEvents(bus, companyId, afterId, send);
    },

    /** The company's events after number `afterId` (a reconnecting tab's Last-Event-ID), oldest first. */
    async replay(companyId: string, afterId: number): Promise<StoredEvent[]> {
      return events.findEventsAfter(companyId, afterId, { keepFor: KEEP_FOR, limit: REPLAY_LIMIT });
    },

    /** The number of the company's newest event (a new tab starts after it). */
    async lastId(companyId: string): Promise<number> {
      return events.lastEventId(companyId);
    },

    async prune(): Promise<void> {
      await events.deleteEventsOlderThan(KEEP_FOR);
    },

    async close(): Promise<void> {
      const ending = listener.close();
      local.removeAllListeners();
      await ending;
    },
  };
  return bus;
}

/**
 * This process's LISTEN connection (one, opened on the first subscribe, opened again a second after
 * it is lost): each notification's event is read and handed to the local subscribers, one at a time
 * in the order PostgreSQL sent them. Without a database URL there is none.
 */
function createListener(
  events: EventRepository,
  databaseUrl: string | undefined,
  local: EventEmitter,
  log?: { warn: (o: object, m?: string) => void },
) {
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;
  let delivering: Promise<void> = Promise.resolve();

  async function deliver(seq: number, companyId: string) {
    const event = await events.findEvent(companyId, seq);
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
      await events.listenOn(c, CHANNEL);
      client = c;
    })();
    return listening;
  }

  return {
    listen,
    async close(): Promise<void> {
      closed = true;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * A screen's stream over the bus: each event once and in order. Live events are held while the
 * replay is read, so none falls between.
 */
async function streamEvents(
  bus: Pick<EventBus, 'subscribe' | 'replay' | 'lastId'>,
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
}
