import { TASK_ORDER, TaskName, TaskStatus } from '@rr/domain';
import { z } from 'zod';

// The workflow's HTTP contract (issue "Workflow"): names are fixed so scripts can drive it.

export const RunStatus = z.enum(['queued', 'running', 'completed', 'cancelled', 'failed']);
export type RunStatus = z.infer<typeof RunStatus>;

/**
 * Which options a quotation-only run works on (Q §4: manual quotation of one option or all, and the
 * reprocess path for failed options only). Only with `tasks: ['quotation']`; `options` needs one product.
 */
export const QuotationRunMode = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('options'), optionNumbers: z.array(z.string().min(1).max(64)).min(1).max(500) }),
  z.object({ kind: z.literal('failed') }),
]);
export type QuotationRunMode = z.infer<typeof QuotationRunMode>;

/** POST /api/workflow/runs: without `tasks`, every task in the spec's order. */
export const StartRunRequest = z.object({
  productIds: z.array(z.string().max(64)).max(500),
  tasks: z.array(TaskName).min(1).max(TASK_ORDER.length).optional(),
  quotation: QuotationRunMode.optional(),
});
export type StartRunRequest = z.infer<typeof StartRunRequest>;

export const StartRunResponse = z.object({ runId: z.string() });
export type StartRunResponse = z.infer<typeof StartRunResponse>;

/** GET /api/workflow/runs?limit=: the latest runs. */
export const ListRunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export type ListRunsQuery = z.input<typeof ListRunsQuery>;

/** GET /api/workflow/runs/:id and POST /api/workflow/runs/:id/cancel. */
export const RunIdParams = z.object({ id: z.string().max(64) });
export type RunIdParams = z.infer<typeof RunIdParams>;

/** Tasks done, ended in error, and still to run (W §4: a task that ended in error is not done). */
export const TaskCounts = z.object({
  done: z.number().int().min(0),
  error: z.number().int().min(0),
  remaining: z.number().int().min(0),
});
export type TaskCounts = z.infer<typeof TaskCounts>;

/** Products of a finished run whose every option document is 100 % complete, of all its products. */
export const Registrable = z.object({ count: z.number().int().min(0), total: z.number().int().min(0) });
export type Registrable = z.infer<typeof Registrable>;

export const RunProduct = z.object({
  productId: z.string(),
  registrationId: z.string().optional(),
  productName: z.string().optional(),
  /** queued | running | done (every task of the run finished) | cancelled */
  state: z.enum(['queued', 'running', 'done', 'cancelled']),
  currentTask: TaskName.nullable(),
  completedTasks: z.array(TaskName),
  statuses: z.partialRecord(TaskName, TaskStatus),
  /** What the last task said (a skipped seller edit, a fallback, an error) in the request's language. */
  message: z.string().nullable().optional(),
  /** This product's progress in the run, 0–100 (the same figure as its `task` events). */
  progress: z.number().min(0).max(100).optional(),
  counts: TaskCounts.optional(),
});
export type RunProduct = z.infer<typeof RunProduct>;

export const RunView = z.object({
  runId: z.string(),
  status: RunStatus,
  tasks: z.array(TaskName),
  /** Done tasks over the run's task count per product, averaged over the products, 0–100. */
  progress: z.number().min(0).max(100),
  /** The run's tasks done / in error / remaining, over all its products. */
  counts: TaskCounts.optional(),
  /** Once the run has finished: how many of its products can be registered. */
  registrable: Registrable.nullable().optional(),
  /** The run's AI answers come from the offline demo provider, not a model (issue 20). */
  offlineAi: z.boolean().optional(),
  products: z.array(RunProduct),
  /** Tasks of the run that are not built yet: the runner skips them and leaves their status alone. */
  unavailableTasks: z.array(TaskName).optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RunView = z.infer<typeof RunView>;

export const RunList = z.object({
  runs: z.array(RunView.omit({ products: true }).extend({ productCount: z.number() })),
});
export type RunList = z.infer<typeof RunList>;

/** POST /api/workflow/runs/:id/cancel. */
export const CancelRunResponse = z.object({ ok: z.literal(true) });
export type CancelRunResponse = z.infer<typeof CancelRunResponse>;

/** GET /api/events?lastEventId= (the Last-Event-ID header wins when both are sent). */
export const EventStreamQuery = z.object({ lastEventId: z.coerce.number().int().min(0).optional() });
export type EventStreamQuery = z.input<typeof EventStreamQuery>;

/**
 * Server-sent events of GET /api/events (the session's company only). Every event has an `id`
 * (Last-Event-ID replays what a reconnecting tab missed).
 */
export const WorkflowEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('run'),
    runId: z.string(),
    status: RunStatus,
    progress: z.number(),
    counts: TaskCounts.optional(),
    registrable: Registrable.optional(),
  }),
  z.object({
    type: z.literal('task'),
    runId: z.string().nullable(),
    productId: z.string(),
    task: TaskName,
    status: TaskStatus,
    currentTask: TaskName.nullable(),
    completedTasks: z.array(TaskName),
    progress: z.number(),
    /** The product's tasks done / in error / remaining in this run. */
    counts: TaskCounts.optional(),
    message: z.object({ ko: z.string(), en: z.string() }).nullable().optional(),
  }),
  z.object({
    type: z.literal('processing'),
    isProcessing: z.boolean(),
    message: z.object({ ko: z.string(), en: z.string() }).nullable(),
  }),
  z.object({
    type: z.literal('product-updated'),
    productId: z.string(),
  }),
  /** Issue 42: AI requests with no progress for 5 minutes were marked timed out (W §4 Stuck requests). */
  z.object({
    type: z.literal('ai-stuck'),
    count: z.number().int().min(1),
    message: z.object({ ko: z.string(), en: z.string() }),
  }),
  z.object({
    type: z.literal('product-split-completed'),
    originalProductId: z.string(),
    splitProducts: z.array(
      z.object({ _id: z.string(), registrationId: z.string(), productName: z.string() }),
    ),
    total: z.number(),
    message: z.object({ ko: z.string(), en: z.string() }),
  }),
]);
export type WorkflowEvent = z.infer<typeof WorkflowEvent>;

/**
 * GET /api/events answers `text/event-stream`, not JSON: per event an `id:` line, `event:` (the
 * event's type) and `data:` (one WorkflowEvent as JSON); `: heartbeat` comments keep it open.
 */
const eventStreamText: z.ZodType = z
  .string()
  .meta({ description: 'id: <n>\nevent: <type>\ndata: <WorkflowEvent JSON>\n\n, repeated' });
export const EventStreamAnswer = {
  description: 'Server-sent events: each `data:` line is one WorkflowEvent as JSON',
  content: { 'text/event-stream': { schema: eventStreamText } },
};
