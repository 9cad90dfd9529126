import type { RunStatus } from '@rr/contracts';
import type { TaskName } from '@rr/domain';
import { sql } from 'kysely';
import { fromKysely, type Db as JobDb } from 'pg-boss';
import type { Db } from '../db/database.ts';
import type { Message } from './task.ts';

// SQL of workflow runs (`workflow_runs`, `workflow_run_products`), built once by the container
// (`createRunRepository(db)`) and handed to the workflow service and the runner. Every query is
// scoped to one company, except those the job handler runs with the ids a job carries (the job was
// created for that company).

export type RunRow = {
  id: string;
  company_id: string;
  status: RunStatus;
  tasks: TaskName[];
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export type RunProductState = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

export type RunProductRow = {
  run_id: string;
  product_id: string;
  position: number;
  state: RunProductState;
  current_task: TaskName | null;
  completed_tasks: TaskName[];
  finished_tasks: TaskName[];
  message: Message | null;
};

export type RunProductPatch = {
  state?: RunProductState;
  currentTask?: TaskName | null;
  message?: Message | null;
};

/** The handle the job queue inserts a run's jobs with, inside the run's transaction (pg-boss's adapter). */
export type JobTransaction = JobDb;

export type NewRun = {
  companyId: string;
  userId: string | null;
  tasks: readonly TaskName[];
  productIds: readonly string[];
};

const PRODUCT_COLUMNS = sql`run_id, product_id, position, state, current_task, completed_tasks, finished_tasks, message`;

const jsonOrNull = (m: Message | null) => (m === null ? null : JSON.stringify(m));

async function insertRunRows(db: Db, input: NewRun): Promise<string> {
  const run = await sql<{ id: string }>`
    insert into workflow_runs (company_id, user_id, tasks)
    values (${input.companyId}, ${input.userId}, ${sql.val(input.tasks)}::text[])
    returning id`.execute(db);
  const runId = run.rows[0]!.id;
  await sql`
    insert into workflow_run_products (run_id, product_id, position)
    select ${runId}, p.id, p.ord - 1
    from unnest(${sql.val(input.productIds)}::uuid[]) with ordinality as p(id, ord)`.execute(db);
  return runId;
}

/** Products of the company waiting or running in open runs (the per-company queue bound counts them). */
async function countOpen(db: Db, companyId: string): Promise<number> {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from workflow_run_products p
    join workflow_runs r on r.id = p.run_id
    where r.company_id = ${companyId} and r.status in ('queued', 'running')
      and p.state in ('queued', 'running')`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

/**
 * The runs and their products, one object built by the container: `workflow_runs` (start, read,
 * list, end, cancel) and `workflow_run_products` (each product's record in its run).
 */
export function createRunRepository(db: Db) {
  return { ...runQueries(db), ...runProductQueries(db) };
}

export type RunRepository = ReturnType<typeof createRunRepository>;

/** `workflow_runs`: a run's start within the company's bound, its reads, its end. */
function runQueries(db: Db) {
  return {
    /**
     * Starts a run within the company's bound, in one transaction: starting runs of one company is
     * serialised (the bound holds under races), its open products are counted, and past `maxOpen` nothing
     * is written (`{ full: open }`). Otherwise the run and its products are written and `enqueue` puts
     * their jobs in the same transaction (`open`: the company's open products before this run), so a run
     * never exists without its jobs.
     */
    async startRunWithJobs(
      input: NewRun & { maxOpen: number },
      enqueue: (runId: string, open: number, trx: JobTransaction) => Promise<void>,
    ): Promise<{ runId: string } | { full: number }> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`rr-workflow-run:${input.companyId}`}))`.execute(
          trx,
        );
        const open = await countOpen(trx, input.companyId);
        if (open + input.productIds.length > input.maxOpen) return { full: open };
        const runId = await insertRunRows(trx, input);
        await enqueue(runId, open, fromKysely(trx));
        return { runId };
      });
    },

    async findRun(runId: string, companyId?: string): Promise<RunRow | undefined> {
      const rows = await sql<RunRow>`
        select id, company_id, status, tasks, created_at, started_at, finished_at from workflow_runs
        where id = ${runId} ${companyId ? sql`and company_id = ${companyId}` : sql``}`.execute(db);
      return rows.rows[0];
    },

    async listRuns(
      companyId: string,
      limit: number,
    ): Promise<(RunRow & { product_count: number; completed_count: number })[]> {
      const rows = await sql<RunRow & { product_count: number; completed_count: number }>`
        select r.id, r.company_id, r.status, r.tasks, r.created_at, r.started_at, r.finished_at,
          (select count(*)::int from workflow_run_products p where p.run_id = r.id) as product_count,
          (select coalesce(sum(cardinality(p.completed_tasks)), 0)::int from workflow_run_products p where p.run_id = r.id) as completed_count
        from workflow_runs r where r.company_id = ${companyId}
        order by r.created_at desc limit ${limit}`.execute(db);
      return rows.rows;
    },

    /**
     * Ends the run when none of its products is still queued or running: completed, or failed when a
     * product's job gave up. Answers the final status when this call ended it.
     */
    async finishRunIfDone(runId: string): Promise<RunStatus | undefined> {
      const rows = await sql<{ status: RunStatus }>`
        update workflow_runs r set finished_at = now(),
          status = case when exists (select 1 from workflow_run_products p where p.run_id = r.id and p.state = 'failed')
            then 'failed' else 'completed' end
        where r.id = ${runId} and r.status in ('queued', 'running')
          and not exists (select 1 from workflow_run_products p where p.run_id = r.id and p.state in ('queued', 'running'))
        returning r.status`.execute(db);
      return rows.rows[0]?.status;
    },

    /** Cancels a run that has not finished; its products not done yet become cancelled (one transaction). */
    async cancelRun(runId: string, companyId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const done = await sql<{ id: string }>`
          update workflow_runs set status = 'cancelled', finished_at = now()
          where id = ${runId} and company_id = ${companyId} and status in ('queued', 'running')
          returning id`.execute(trx);
        if (!done.rows[0]) return false;
        await sql`update workflow_run_products set state = 'cancelled', current_task = null, updated_at = now()
          where run_id = ${runId} and state in ('queued', 'running')`.execute(trx);
        return true;
      });
    },
  };
}

/** `workflow_run_products`: each product's record in its run (state, current task, finished tasks). */
function runProductQueries(db: Db) {
  return {
    async listRunProducts(runId: string): Promise<RunProductRow[]> {
      const rows = await sql<RunProductRow>`
        select ${PRODUCT_COLUMNS}
        from workflow_run_products where run_id = ${runId} order by position`.execute(db);
      return rows.rows;
    },

    async findRunProduct(runId: string, productId: string): Promise<RunProductRow | undefined> {
      const rows = await sql<RunProductRow>`
        select ${PRODUCT_COLUMNS}
        from workflow_run_products where run_id = ${runId} and product_id = ${productId}`.execute(db);
      return rows.rows[0];
    },

    /** The run starts with its first product (queued → running). */
    async markRunStarted(runId: string): Promise<void> {
      await sql`update workflow_runs set status = 'running', started_at = coalesce(started_at, now())
        where id = ${runId} and status = 'queued'`.execute(db);
    },

    async setProductState(runId: string, productId: string, patch: RunProductPatch): Promise<void> {
      await sql`update workflow_run_products set
          state = coalesce(${patch.state ?? null}, state),
          current_task = ${patch.currentTask === undefined ? sql`current_task` : sql`${patch.currentTask}`},
          message = ${patch.message === undefined ? sql`message` : sql`${jsonOrNull(patch.message)}::jsonb`},
          updated_at = now()
        where run_id = ${runId} and product_id = ${productId}`.execute(db);
    },

    /** One task of the product finished: remembered so a resumed job does not redo it. */
    async recordTaskFinished(
      runId: string,
      productId: string,
      task: TaskName,
      completed: boolean,
      message: Message | null,
    ): Promise<RunProductRow | undefined> {
      const rows = await sql<RunProductRow>`
        update workflow_run_products set
          finished_tasks = case when ${task} = any(finished_tasks) then finished_tasks else finished_tasks || ${task}::text end,
          completed_tasks = case when not ${completed} or ${task} = any(completed_tasks) then completed_tasks
            else completed_tasks || ${task}::text end,
          current_task = null,
          message = ${jsonOrNull(message)}::jsonb,
          updated_at = now()
        where run_id = ${runId} and product_id = ${productId}
        returning ${PRODUCT_COLUMNS}`.execute(db);
      return rows.rows[0];
    },
  };
}
