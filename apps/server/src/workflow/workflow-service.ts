import type { RunList, RunView, StartRunRequest } from '@rr/contracts';
import {
  DEFAULT_RUN_TASKS,
  MESSAGES,
  orderBatchTasks,
  productDisplayName,
  selectQuotationOptions,
  TASK_REGISTRY,
  TASK_STATUS_FIELDS,
  type TaskName,
  type TaskStatus,
} from '@rr/domain';
import type { Config } from '../config.ts';
import { AppError, badRequest, notFound } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { EventBus } from './event-bus.ts';
import { CLAIM_SCAN_MS, createJobClaims, type JobClaims } from './job-claims.ts';
import type { JobClaimRepository } from './job-claims-repository.ts';
import type { JobQueue, QueuedJob } from './job-queue.ts';
import type { RunRepository } from './run-repository.ts';
import { productCounts, productProgress, runProgress, summarizeRun, taskCountOf } from './run-summary.ts';
import { createRunner, type ProductJob, ProductJobPayload, type Runner } from './runner.ts';
import type { Message, TaskDeps, WorkflowTask } from './task.ts';
import { WORKFLOW_MESSAGES as M } from './workflow-messages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WorkflowOptions = {
  tasks?: Partial<Record<TaskName, WorkflowTask>>;
  /** Products worked on at once by this process (each waits mostly on the AI limiter or the image pool). */
  concurrency?: number;
  /** A job whose worker sends no heartbeat for this long is taken over (pg-boss minimum 10 s): the container's job queue reads it. */
  heartbeatSeconds?: number;
  /** How often this process looks for jobs whose worker died: the container's job queue reads it. */
  superviseIntervalSeconds?: number;
  /** How often this process looks for jobs of worker processes that ended (job-claims.ts). */
  claimScanMs?: number;
  /** The batch waits (tests record them). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Products one company may have queued or running at once (default 1000); more is a 429. */
  maxOpenProductsPerCompany?: number;
};

export const MAX_OPEN_PRODUCTS_PER_COMPANY = 1000;

type Localize = (m: Message) => string;

/**
 * What the workflow needs from the container (it never imports the container): its repositories
 * (runs, job claims), the job queue, the configuration, the log, and what every task gets.
 */
export type WorkflowDeps = {
  /** The runs and their products (`createRunRepository(db)`). */
  readonly runs: RunRepository;
  /** Which worker process works on which job (`createJobClaimRepository(db, databaseUrl)`). */
  readonly claims: JobClaimRepository;
  /** The product jobs (`createJobQueue`: pg-boss on a pool of its own). */
  readonly queue: JobQueue;
  readonly config: Config;
  readonly log: Log;
  readonly taskDeps: TaskDeps;
};

/** What the workflow's steps share. */
type WorkflowContext = {
  readonly deps: WorkflowDeps;
  readonly options: WorkflowOptions;
  readonly tasks: Partial<Record<TaskName, WorkflowTask>>;
  readonly runner: Runner;
  /** This process's work on jobs (startWorker), ended by close. */
  worker: { working: boolean; claims?: JobClaims; scanTimer?: NodeJS.Timeout };
};

/**
 * Durable batch runs (W §4 Batch processing) on the job queue in the app's PostgreSQL: one job per
 * product of a run (job-queue.ts), the runner working on them (runner.ts), the claims that hand the
 * jobs of a worker process that died back within seconds (job-claims.ts).
 */
export function createWorkflow(
  deps: WorkflowDeps,
  bus: EventBus,
  options: WorkflowOptions & { tasks: NonNullable<WorkflowOptions['tasks']> },
) {
  // The task list is the container's to hand in (tasks/index.ts): the workflow imports no task.
  const { tasks } = options;
  const runner = createRunner({
    runs: deps.runs,
    taskDeps: deps.taskDeps,
    pauseScale: deps.config.workflowPauseScale,
    bus,
    tasks,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const ctx: WorkflowContext = { deps, options, tasks, runner, worker: { working: false } };
  return {
    startRun: (companyId: string, userId: string | null, body: StartRunRequest) =>
      startRun(ctx, companyId, userId, body),
    getRun: (companyId: string, runId: string, localize: Localize) => getRun(ctx, companyId, runId, localize),
    listRuns: (companyId: string, limit: number) => listCompanyRuns(ctx, companyId, limit),
    cancel: (companyId: string, runId: string) => cancel(ctx, companyId, runId),
    startWorker: () => startWorker(ctx),
    close: () => close(ctx),
    runner,
  };
}

/** Starts a run: checked, then written with one job per product (issue 14's fair share), then announced. */
async function startRun(
  ctx: WorkflowContext,
  companyId: string,
  userId: string | null,
  body: StartRunRequest,
): Promise<string> {
  const { productIds, runTasks, quotation } = await checkStart(ctx, companyId, body);
  await ctx.deps.queue.start();
  // Fair share (issue 14): a company's runs are counted and queued one at a time; past its bound
  // it gets a 429. Jobs are taken by priority, then age: the k-th open product of every company
  // has priority -k, so companies take turns instead of one big batch going first. The run, its
  // products and their jobs are written in one transaction: a run never exists without its jobs.
  const max = ctx.options.maxOpenProductsPerCompany ?? MAX_OPEN_PRODUCTS_PER_COMPANY;
  const started = await ctx.deps.runs.startRunWithJobs(
    { companyId, userId, tasks: runTasks, productIds, maxOpen: max },
    (runId, open, trx) =>
      ctx.deps.queue.insertProductJobs(
        productIds.map((productId, i) => ({
          data: { runId, companyId, productId, ...(quotation ? { quotation } : {}) } satisfies ProductJob,
          productId,
          priority: -(open + i),
        })),
        trx,
      ),
  );
  if ('full' in started)
    throw new AppError('workflow_queue_full', 'too_many', M.queueFull(max, started.full));
  await ctx.runner.announceRun(companyId, started.runId, M.runStarted(productIds.length));
  return started.runId;
}

/** What a start asks for, checked before anything is queued: products of the company, tasks that can run. */
async function checkStart(ctx: WorkflowContext, companyId: string, body: StartRunRequest) {
  const { products, coupang } = ctx.deps.taskDeps;
  const productIds = [...new Set(body.productIds)];
  if (productIds.length === 0) throw badRequest(M.noProductsSelected, 'no_products_selected');
  if (productIds.some((id) => !UUID.test(id))) throw badRequest(M.productsNotFound, 'products_not_found');
  const found = await products.existingIds(companyId, productIds);
  if (found.size !== productIds.length) throw notFound(M.productsNotFound, 'products_not_found');
  const runTasks = orderBatchTasks(body.tasks ?? DEFAULT_RUN_TASKS);
  await checkCanRun(ctx, companyId, runTasks);
  // Issue 37: a run that registers on Coupang asks inflow-status first, so a restricted account or a
  // batch over the allowance is told before the first create.
  if (runTasks.includes('register')) await coupang.checkInflow?.(companyId, productIds.length);
  const quotation = body.quotation?.kind === 'all' ? undefined : body.quotation;
  if (quotation) await checkQuotationSelection(ctx, companyId, productIds, runTasks, quotation);
  return { productIds, runTasks, quotation };
}
/**
 * Refused up front, before anything is queued (issue 20): a run whose tasks need an AI without a
 * configured provider — outside demo mode the offline provider is not one, in any mode Gemini
 * needs its key (W §4 "Start requires … a stored generative-AI key") — and any run over a company
 * whose default settings have no brand (the documents would stop at completeness much later).
 */
async function checkCanRun(
  ctx: WorkflowContext,
  companyId: string,
  runTasks: readonly TaskName[],
): Promise<void> {
  const { settings } = ctx.deps.taskDeps;
  const needsAi = runTasks.some((t) => TASK_REGISTRY.find((d) => d.name === t)!.workTypes.length > 0);
  if (needsAi) {
    const provider = await settings.aiProvider(companyId);
    const configured = provider.provider === 'offline' ? ctx.deps.config.demo : Boolean(provider.apiKey);
    if (!configured) throw badRequest(M.geminiKeyMissing, 'gemini_key_missing');
  }
  const defaults = await settings.defaults(companyId);
  if (!defaults.brand?.trim()) throw badRequest(M.brandMissing, 'brand_missing');
}

/**
 * A quotation run for some options (manual quotation) or the failed ones (reprocess) is refused
 * before anything is queued when there is nothing to do: the product's status stays as it is.
 */
async function checkQuotationSelection(
  ctx: WorkflowContext,
  companyId: string,
  productIds: readonly string[],
  runTasks: readonly TaskName[],
  selection: NonNullable<StartRunRequest['quotation']>,
): Promise<void> {
  if (runTasks.length !== 1 || runTasks[0] !== 'quotation')
    throw badRequest(M.quotationSelectionNeedsQuotationOnly, 'quotation_selection_needs_quotation_only');
  if (selection.kind === 'options' && productIds.length !== 1)
    throw badRequest(M.quotationOptionsOneProduct, 'quotation_options_one_product');
  for (const productId of productIds) {
    const row = await ctx.deps.taskDeps.products.find(companyId, productId);
    if (selectQuotationOptions(row?.doc.options ?? [], row?.doc.processError, selection).length > 0) continue;
    throw selection.kind === 'failed'
      ? badRequest(MESSAGES.noOptionsToReprocess, 'no_options_to_reprocess')
      : badRequest(MESSAGES.noOptionsToProcess, 'no_options_to_process');
  }
}

async function getRun(
  ctx: WorkflowContext,
  companyId: string,
  runId: string,
  localize: Localize,
): Promise<RunView> {
  const { runs, taskDeps } = ctx.deps;
  const run = UUID.test(runId) ? await runs.findRun(runId, companyId) : undefined;
  if (!run) throw notFound(M.runNotFound, 'run_not_found');
  const rows = await runs.listRunProducts(run.id);
  const docs = await taskDeps.products.statusViews(
    companyId,
    rows.map((r) => r.product_id),
  );
  const taskList = orderBatchTasks(run.tasks);
  const products = rows.map((r) => {
    const p = docs.get(r.product_id);
    const statuses: Partial<Record<TaskName, TaskStatus>> = {};
    for (const t of taskList)
      statuses[t] = (p?.doc[TASK_STATUS_FIELDS[t]] as TaskStatus | undefined) ?? 'pending';
    return {
      productId: r.product_id,
      ...(p ? { registrationId: p.registrationId, productName: productDisplayName(p.doc) } : {}),
      state: r.state === 'failed' ? ('done' as const) : r.state,
      currentTask: r.current_task,
      completedTasks: r.completed_tasks,
      statuses,
      message: r.message ? localize(r.message) : null,
      progress: productProgress(r.completed_tasks.length, taskList.length),
      counts: productCounts(r, taskList.length),
    };
  });
  const finished = !['queued', 'running'].includes(run.status);
  const summary = await summarizeRun(runs, taskDeps.products, run, rows, { registrable: finished });
  const provider = await taskDeps.settings.aiProviderName(companyId);
  return {
    runId: run.id,
    status: run.status,
    tasks: taskList,
    progress: summary.progress,
    counts: summary.counts,
    registrable: finished ? { count: summary.registrable, total: summary.products } : null,
    offlineAi: provider === 'offline',
    products,
    unavailableTasks: taskList.filter((t) => !ctx.tasks[t]),
    createdAt: run.created_at.toISOString(),
    startedAt: run.started_at?.toISOString() ?? null,
    finishedAt: run.finished_at?.toISOString() ?? null,
  };
}

async function listCompanyRuns(ctx: WorkflowContext, companyId: string, limit: number): Promise<RunList> {
  const rows = await ctx.deps.runs.listRuns(companyId, limit);
  return {
    runs: rows.map((r) => ({
      runId: r.id,
      status: r.status,
      tasks: orderBatchTasks(r.tasks),
      progress: runProgress(r.completed_count, r.product_count, taskCountOf(r.tasks)),
      productCount: r.product_count,
      createdAt: r.created_at.toISOString(),
      startedAt: r.started_at?.toISOString() ?? null,
      finishedAt: r.finished_at?.toISOString() ?? null,
    })),
  };
}

async function cancel(ctx: WorkflowContext, companyId: string, runId: string): Promise<void> {
  const run = UUID.test(runId) ? await ctx.deps.runs.findRun(runId, companyId) : undefined;
  if (!run) throw notFound(M.runNotFound, 'run_not_found');
  if (!(await ctx.deps.runs.cancelRun(run.id, companyId)))
    throw new AppError('run_finished', 'conflict', M.runNotCancellable);
  await ctx.runner.announceCancelled(companyId, run.id);
}

/** Starts working on product jobs in this process (ROLE=worker or all). */
async function startWorker(ctx: WorkflowContext): Promise<void> {
  const { worker, deps } = ctx;
  if (worker.working) return;
  await deps.queue.start();
  worker.working = true;
  const claims = await createJobClaims(deps.claims);
  worker.claims = claims;
  await deps.queue.workProducts(ctx.options.concurrency ?? 8, (job) => workOnProductJob(ctx, claims, job));
  // A job of a worker process that died goes back to the queue within seconds (job-claims.ts);
  // the queue's heartbeat check stays behind it for a worker that claimed nothing yet.
  scanForOrphans(ctx, claims);
  await deps.queue.workFailed((job) => settleFailedJob(ctx, job));
}

/**
 * One product job: its payload parsed at pickup (a payload that does not fit, queued by an older
 * version, is not run: the job fails with why, and once its retries are used up its product ends in
 * error), claimed for this process while the runner works on it.
 */
async function workOnProductJob(ctx: WorkflowContext, claims: JobClaims, job: QueuedJob): Promise<void> {
  const parsed = ProductJobPayload.safeParse(job.data);
  if (!parsed.success)
    throw new Error(`job payload does not fit this version: ${parsed.error.issues[0]?.message ?? ''}`);
  const attempt = { id: job.id, retryCount: job.retryCount };
  await claims.claim(attempt);
  try {
    await ctx.runner.runProductJob(parsed.data, job.signal);
  } finally {
    await claims.release(attempt).catch(() => {});
  }
}

/** Looks for jobs of ended workers now and every `claimScanMs` while this process works. */
function scanForOrphans(ctx: WorkflowContext, claims: JobClaims): void {
  const { worker, deps } = ctx;
  const lookForOrphans = async () => {
    const gone = await claims.orphans();
    if (gone.length === 0) return;
    await deps.queue.handBack(gone, 'worker process ended');
    await claims.forget(gone);
    deps.log.warn({ jobs: gone.length }, 'jobs of a worker process that ended were handed back');
  };
  const scan = () => {
    if (!worker.working) return;
    lookForOrphans()
      .catch((err) => deps.log.warn({ err: String(err) }, 'looking for jobs of ended workers failed'))
      .finally(() => {
        if (worker.working)
          worker.scanTimer = setTimeout(scan, ctx.options.claimScanMs ?? CLAIM_SCAN_MS).unref();
      });
  };
  scan();
}

/** A job whose retries were used up: its product ends in error (a payload that does not fit is dropped). */
async function settleFailedJob(ctx: WorkflowContext, job: QueuedJob): Promise<void> {
  const parsed = ProductJobPayload.safeParse(job.data);
  if (parsed.success) await ctx.runner.failProductJob(parsed.data, 'retries used up');
  else
    ctx.deps.log.warn({ jobId: job.id }, 'a failed job whose payload does not fit this version was dropped');
}

async function close(ctx: WorkflowContext): Promise<void> {
  const { worker } = ctx;
  worker.working = false;
  if (worker.scanTimer) clearTimeout(worker.scanTimer);
  await ctx.deps.queue.close();
  await worker.claims?.close();
}

export type Workflow = ReturnType<typeof createWorkflow>;
