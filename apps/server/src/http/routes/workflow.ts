import {
  CancelRunResponse,
  EventStreamAnswer,
  EventStreamQuery,
  ListRunsQuery,
  RunIdParams,
  RunList,
  RunView,
  StartRunRequest,
  StartRunResponse,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../workflow/event-bus.ts';
import type { Workflow } from '../../workflow/workflow-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { createStreamSlots } from '../event-stream-slots.ts';
import { localize } from '../request-language.ts';

const HEARTBEAT_MS = 15_000;

/**
 * The workflow's HTTP contract: start a run for a selection (all tasks, or the ones named), read a
 * run, list the latest runs, cancel; and GET /api/events, the company's live events as
 * server-sent events (Last-Event-ID replays what a reconnecting tab missed).
 */
export const workflowRoutes =
  (workflow: Workflow, events: Pick<EventBus, 'stream'>): FastifyPluginAsyncZod =>
  async (app) => {
    // One per app: the event streams each user holds open in this process (event-stream-slots.ts).
    const slots = createStreamSlots();
    app.post(
      '/api/workflow/runs',
      { preHandler: requireAuth, schema: { body: StartRunRequest, response: { 200: StartRunResponse } } },
      async (request) => {
        const runId = await workflow.startRun(
          companyOf(request),
          request.session?.userId ?? null,
          request.body,
        );
        return { runId };
      },
    );

    app.get(
      '/api/workflow/runs',
      {
        preHandler: requireAuth,
        schema: { querystring: ListRunsQuery, response: { 200: RunList } },
      },
      async (request) => workflow.listRuns(companyOf(request), request.query.limit),
    );

    app.get(
      '/api/workflow/runs/:id',
      { preHandler: requireAuth, schema: { params: RunIdParams, response: { 200: RunView } } },
      async (request) => workflow.getRun(companyOf(request), request.params.id, (m) => localize(request, m)),
    );

    app.post(
      '/api/workflow/runs/:id/cancel',
      { preHandler: requireAuth, schema: { params: RunIdParams, response: { 200: CancelRunResponse } } },
      async (request) => {
        await workflow.cancel(companyOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/events',
      {
        // long-lived: it takes none of its address's turns (address-turns.ts)
        config: { stream: true },
        preHandler: requireAuth,
        // Written on the raw socket (hijacked): the response schema describes the stream only.
        schema: { querystring: EventStreamQuery, response: { 200: EventStreamAnswer } },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const header = Number(request.headers['last-event-id']);
        const after = Number.isFinite(header) && header >= 0 ? header : request.query.lastEventId;

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        let unsubscribe: (() => void) | undefined;
        let closed = false;
        const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        // At most EVENT_STREAMS_PER_USER open: a new one closes the user's oldest.
        const release = slots.take(request.session!.userId, () => res.end());
        request.raw.on('close', () => {
          closed = true;
          clearInterval(heartbeat);
          release();
          unsubscribe?.();
        });
        res.write('retry: 3000\n\n');
        unsubscribe = await events.stream(companyId, after, (e) =>
          res.write(`id: ${e.id}\nevent: ${e.event.type}\ndata: ${JSON.stringify(e.event)}\n\n`),
        );
        if (closed) unsubscribe();
      },
    );
  };
