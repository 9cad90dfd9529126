import { inspect } from 'node:util';
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
import { fromKysely, PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, notFound } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { EventBus } from './event-bus.ts';
import { CLAIM_SCAN_MS, createJobClaims, type JobClaims } from './job-claims.ts';
import {
  cancelRun,
  countOpenProducts,
  findRun,
  insertRun,
  listRunProducts,
  listRuns,
  lockCompanyRuns,
} from './run-repository.ts';
import { productCounts, productProgress, runProgress, summarizeRun, taskCountOf } from './run-summary.ts';
import { createRunner, type ProductJob, ProductJobPayload } from './runner.ts';
import type { Message, TaskDeps, WorkflowTask } from './task.ts';
import { WORKFLOW_MESSAGES as M } from './workflow-messages.ts';

const PRODUCT_QUEUE = 'workflow-product';
const FAILED_QUEUE = 'workflow-product-failed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WorkflowOptions = {
  tasks?: Partial<Record<TaskName, WorkflowTask>>;
  /** Products worked on at once by this process (each waits mostly on the AI limiter or the image pool). */
  concurrency?: number;
  /** A job whose worker sends no heartbeat for this long is taken over (pg-boss minimum 10 s). */
  heartbeatSeconds?: number;
  /** How often this process looks for jobs whose worker died. */
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
 * What the workflow needs from the container (it never imports the container): its own tables,
 * the configuration, the log, and what every task gets.
 */
export type WorkflowDeps = {
  readonly db: Db;
  readonly config: Config;
  readonly log: Log;
  readonly taskDeps: TaskDeps;
};

/**
 * Durable batch runs (W §4 Batch processing) on pg-boss in the app's PostgreSQL: one job per
 * product of a run, at most one job of a product at a time across every process (group
 * concurrency 1), heartbeats so a job of a killed process is taken over, and a dead-letter queue
 * so a product whose job gives up ends in error instead of staying "processing".
 */
export function createWorkflow(
  container: WorkflowDeps,
  bus: EventBus,
  options: WorkflowOptions & { tasks: NonNullable<WorkflowOptions['tasks']> },
) {
  const { db, config, taskDeps } = container;
  const { products, settings } = taskDeps;
  // The task list is the container's to hand in (tasks/index.ts): the workflow imports no task.
  const { tasks } = options;
  const runner = createRunner({
    db,
    taskDeps,
    pauseScale: config.workflowPauseScale,
    bus,
    tasks,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const heartbeatSeconds = Math.max(10, options.heartbeatSeconds ?? 30);
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let working = false;
  let claims: JobClaims | undefined;
  let scanTimer: NodeJS.Timeout | undefined;

  function queue(): Promise<PgBoss> {
    if (!config.databaseUrl)
      return Promise.reject(new AppError('workflow_unavailable', 'unavailable', M.workflowUnavailable));
    starting ??= (async () => {
      const b = new PgBoss({
        connectionString: config.databaseUrl,
        schema: 'pgboss',
        max: 4,
        application_name: 'rr-workflow',
        superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
      });
      // pg-boss reports some errors as plain objects: log their message, not "[object Object]".
      b.on('error', (err) =>
        container.log.warn(
          { err: err instanceof Error ? err.message : inspect(err, { depth: 2 }) },
          'job queue error',
        ),
      );
      await b.start();
      await b.createQueue(FAILED_QUEUE).catch(ignoreExists);
      await b
        .createQueue(PRODUCT_QUEUE, {
          heartbeatSeconds,
          expireInSeconds: 6 * 3600,
          retryLimit: 5,
          retryDelay: 2,
          deadLetter: FAILED_QUEUE,
        })
        .catch(ignoreExists);
      boss = b;
      return b;
    })();
    starting.catch(() => {
      starting = undefined;
    });
    return starting;
  }

  async function startRun(companyId: string, userId: string | null, body: StartRunRequest): Promise<string> {
    const productIds = [...new Set(body.productIds)];
    if (productIds.length === 0) throw badRequest(M.noProductsSelected, 'no_products_selected');
    if (productIds.some((id) => !UUID.test(id))) throw badRequest(M.productsNotFound, 'products_not_found');
    const found = await products.existingIds(companyId, productIds);
    if (found.size !== productIds.length) throw notFound(M.productsNotFound, 'products_not_found');
    const runTasks = orderBatchTasks(body.tasks ?? DEFAULT_RUN_TASKS);
    await checkCanRun(companyId, runTasks);
    // Issue 37: a run that registers on Coupang asks inflow-status first, so a restricted account or a
    // batch over the allowance is told before the first create.
    if (runTasks.includes('register')) await taskDeps.coupang.checkInflow?.(companyId, productIds.length);
    const quotation = body.quotation?.kind === 'all' ? undefined : body.quotation;
    if (quotation) await checkQuotationSelection(companyId, productIds, runTasks, quotation);
    const b = await queue();
    // The run, its products and their jobs are written in one transaction: a run never exists
    // without its jobs.
    const runId = await db.transaction().execute(async (trx) => {
      // Fair share (issue 14): a company's runs are counted and queued one at a time; past its bound
      // it gets a 429. Jobs are taken by priority, then age: the k-th open product of every company
      // has priority -k, so companies take turns instead of one big batch going first.
      await lockCompanyRuns(trx, companyId);
      const open = await countOpenProducts(trx, companyId);
      const max = options.maxOpenProductsPerCompany ?? MAX_OPEN_PRODUCTS_PER_COMPANY;
      if (open + productIds.length > max)
        throw new AppError('workflow_queue_full', 'too_many', M.queueFull(max, open));
      const id = await insertRun(trx, { companyId, userId, tasks: runTasks, productIds });
      await b.insert(
        PRODUCT_QUEUE,
        productIds.map((productId, i) => ({
          data: { runId: id, companyId, productId, ...(quotation ? { quotation } : {}) } satisfies ProductJob,
          group: { id: productId },
          priority: -(open + i),
        })),
        { db: fromKysely(trx) },
      );
      return id;
    });
    await runner.announceRun(companyId, runId, M.runStarted(productIds.length));
    return runId;
  }

  /**
   * Refused up front, before anything is queued (issue 20): a run whose tasks need an AI without a
   * configured provider — outside demo mode the offline provider is not one, in any mode Gemini
   * needs its key (W §4 "Start requires … a stored generative-AI key") — and any run over a company
   * whose default settings have no brand (the documents would stop at completeness much later).
   */
  async function checkCanRun(companyId: string, runTasks: readonly TaskName[]): Promise<void> {
    const needsAi = runTasks.some((t) => TASK_REGISTRY.find((d) => d.name === t)!.workTypes.length > 0);
    if (needsAi) {
      const provider = await settings.aiProvider(companyId);
      const configured = provider.provider === 'offline' ? config.demo : Boolean(provider.apiKey);
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
      const row = await products.find(companyId, productId);
      if (selectQuotationOptions(row?.doc.options ?? [], row?.doc.processError, selection).length > 0)
        continue;
      throw selection.kind === 'failed'
        ? badRequest(MESSAGES.noOptionsToReprocess, 'no_options_to_reprocess')
        : badRequest(MESSAGES.noOptionsToProcess, 'no_options_to_process');
    }
  }

  async function getRun(companyId: string, runId: string, localize: Localize): Promise<RunView> {
    const run = UUID.test(runId) ? await findRun(db, runId, companyId) : undefined;
    if (!run) throw notFound(M.runNotFound, 'run_not_found');
    const rows = await listRunProducts(db, run.id);
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
    const summary = await summarizeRun(db, taskDeps.products, run, rows, { registrable: finished });
    const provider = await settings.aiProviderName(companyId);
    return {
      runId: run.id,
      status: run.status,
      tasks: taskList,
      progress: summary.progress,
      counts: summary.counts,
      registrable: finished ? { count: summary.registrable, total: summary.products } : null,
      offlineAi: provider === 'offline',
      products,
      unavailableTasks: taskList.filter((t) => !tasks[t]),
      createdAt: run.created_at.toISOString(),
      startedAt: run.started_at?.toISOString() ?? null,
      finishedAt: run.finished_at?.toISOString() ?? null,
    };
  }

  async function listCompanyRuns(companyId: string, limit: number): Promise<RunList> {
    const rows = await listRuns(db, companyId, limit);
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

  async function cancel(companyId: string, runId: string): Promise<void> {
    const run = UUID.test(runId) ? await findRun(db, runId, companyId) : undefined;
    if (!run) throw notFound(M.runNotFound, 'run_not_found');
    if (!(await cancelRun(db, run.id, companyId)))
      throw new AppError('run_finished', 'conflict', M.runNotCancellable);
    await runner.announceCancelled(companyId, run.id);
  }

  /** Starts working on product jobs in this process (ROLE=worker or all). */
  async function startWorker(): Promise<void> {
    if (working) return;
    const b = await queue();
    working = true;
    const jobClaims = await createJobClaims(db, config.databaseUrl ?? '');
    claims = jobClaims;
    await b.work<ProductJob>(
      PRODUCT_QUEUE,
      {
        localConcurrency: options.concurrency ?? 8,
        groupConcurrency: 1,
        pollingIntervalSeconds: 0.5,
      },
      async ([job]) => {
        if (!job) return;
        // Parsed at pickup: a payload that does not fit (queued by an older version) is not run; the
        // job fails with why, and once its retries are used up its product ends in error.
        const parsed = ProductJobPayload.safeParse(job.data);
        if (!parsed.success)
          throw new Error(`job payload does not fit this version: ${parsed.error.issues[0]?.message ?? ''}`);
        const attempt = { id: job.id, retryCount: job.retryCount };
        await jobClaims.claim(attempt);
        try {
          await runner.runProductJob(parsed.data, job.signal);
        } finally {
          await jobClaims.release(attempt).catch(() => {});
        }
      },
    );
    // A job of a worker process that died goes back to the queue within seconds (job-claims.ts);
    // pg-boss's heartbeat check stays behind it for a worker that claimed nothing yet.
    const lookForOrphans = async () => {
      const gone = await jobClaims.orphans();
      if (gone.length === 0) return;
      await b.fail(PRODUCT_QUEUE, gone, { message: 'worker process ended' });
      await jobClaims.forget(gone);
      container.log.warn({ jobs: gone.length }, 'jobs of a worker process that ended were handed back');
    };
    const scan = () => {
      if (!working) return;
      lookForOrphans()
        .catch((err) => container.log.warn({ err: String(err) }, 'looking for jobs of ended workers failed'))
        .finally(() => {
          if (working) scanTimer = setTimeout(scan, options.claimScanMs ?? CLAIM_SCAN_MS).unref();
        });
    };
    scan();
    await b.work<ProductJob>(FAILED_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      const parsed = ProductJobPayload.safeParse(job.data);
      if (parsed.success) await runner.failProductJob(parsed.data, 'retries used up');
      else
        container.log.warn(
          { jobId: job.id },
          'a failed job whose payload does not fit this version was dropped',
        );
    });
  }

  async function close(): Promise<void> {
    const b = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
    working = false;
    if (scanTimer) clearTimeout(scanTimer);
    await b?.stop({ graceful: true, timeout: 5000 }).catch(() => {});
    await claims?.close();
  }

  return { startRun, getRun, listRuns: listCompanyRuns, cancel, startWorker, close, runner };
}

export type Workflow = ReturnType<typeof createWorkflow>;

function ignoreExists(err: unknown): void {
  if (!/exists/i.test(String(err))) throw err;
}
