import type { RunStatus } from '@rr/contracts';
import type { TaskName } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Message } from './task.ts';

// SQL of workflow runs. Every query is scoped to one company, except those the job handler runs
// with the ids a job carries (the job was created for that company).

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

export async function insertRun(
  db: Db,
  input: {
    companyId: string;
    userId: string | null;
    tasks: readonly TaskName[];
    productIds: readonly string[];
  },
): Promise<string> {
  const write = async (trx: Db) => {
    const run = await sql<{ id: string }>`
      insert into workflow_runs (company_id, user_id, tasks)
      values (${input.companyId}, ${input.userId}, ${sql.val(input.tasks)}::text[])
      returning id`.execute(trx);
    const runId = run.rows[0]!.id;
    await sql`
      insert into workflow_run_products (run_id, product_id, position)
      select ${runId}, p.id, p.ord - 1
      from unnest(${sql.val(input.productIds)}::uuid[]) with ordinality as p(id, ord)`.execute(trx);
    return runId;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export async function findRun(db: Db, runId: string, companyId?: string): Promise<RunRow | undefined> {
  const rows = await sql<RunRow>`
    select id, company_id, status, tasks, created_at, started_at, finished_at from workflow_runs
    where id = ${runId} ${companyId ? sql`and company_id = ${companyId}` : sql``}`.execute(db);
  return rows.rows[0];
}

export async function listRuns(
  db: Db,
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
}

export async function listRunProducts(db: Db, runId: string): Promise<RunProductRow[]> {
  const rows = await sql<RunProductRow>`
    select run_id, product_id, position, state, current_task, completed_tasks, finished_tasks, message
    from workflow_run_products where run_id = ${runId} order by position`.execute(db);
  return rows.rows;
}

export async function findRunProduct(
  db: Db,
  runId: string,
  productId: string,
): Promise<RunProductRow | undefined> {
  const rows = await sql<RunProductRow>`
    select run_id, product_id, position, state, current_task, completed_tasks, finished_tasks, message
    from workflow_run_products where run_id = ${runId} and product_id = ${productId}`.execute(db);
  return rows.rows[0];
}

/** The run starts with its first product (queued → running). */
export async function markRunStarted(db: Db, runId: string): Promise<void> {
  await sql`update workflow_runs set status = 'running', started_at = coalesce(started_at, now())
    where id = ${runId} and status = 'queued'`.execute(db);
}

export async function setProductState(
  db: Db,
  runId: string,
  productId: string,
  patch: { state?: RunProductState; currentTask?: TaskName | null; message?: Message | null },
): Promise<void> {
  await sql`update workflow_run_products set
      state = coalesce(${patch.state ?? null}, state),
      current_task = ${patch.currentTask === undefined ? sql`current_task` : sql`${patch.currentTask}`},
      message = ${patch.message === undefined ? sql`message` : sql`${patch.message === null ? null : JSON.stringify(patch.message)}::jsonb`},
      updated_at = now()
    where run_id = ${runId} and product_id = ${productId}`.execute(db);
}

/** One task of the product finished: remembered so a resumed job does not redo it. */
export async function recordTaskFinished(
  db: Db,
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
      message = ${message === null ? null : JSON.stringify(message)}::jsonb,
      updated_at = now()
    where run_id = ${runId} and product_id = ${productId}
    returning run_id, product_id, position, state, current_task, completed_tasks, finished_tasks, message`.execute(
    db,
  );
  return rows.rows[0];
}

/**
 * Ends the run when none of its products is still queued or running: completed, or failed when a
 * product's job gave up. Answers the final status when this call ended it.
 */
export async function finishRunIfDone(db: Db, runId: string): Promise<RunStatus | undefined> {
  const rows = await sql<{ status: RunStatus }>`
    update workflow_runs r set finished_at = now(),
      status = case when exists (select 1 from workflow_run_products p where p.run_id = r.id and p.state = 'failed')
        then 'failed' else 'completed' end
    where r.id = ${runId} and r.status in ('queued', 'running')
      and not exists (select 1 from workflow_run_products p where p.run_id = r.id and p.state in ('queued', 'running'))
    returning r.status`.execute(db);
  return rows.rows[0]?.status;
}

/** Cancels a run that has not finished; its products not done yet become cancelled. */
export async function cancelRun(db: Db, runId: string, companyId: string): Promise<boolean> {
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
}

/** Runs still open whose product jobs may need to be (re)queued: used at start-up. */
export async function listOpenRunProducts(
  db: Db,
): Promise<{ run_id: string; company_id: string; product_id: string }[]> {
  const rows = await sql<{ run_id: string; company_id: string; product_id: string }>`
    select p.run_id, r.company_id, p.product_id from workflow_run_products p
    join workflow_runs r on r.id = p.run_id
    where r.status in ('queued', 'running') and p.state in ('queued', 'running')`.execute(db);
  return rows.rows;
}

/** Products of the company waiting or running in open runs (the per-company queue bound counts them). */
export async function countOpenProducts(db: Db, companyId: string): Promise<number> {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from workflow_run_products p
    join workflow_runs r on r.id = p.run_id
    where r.company_id = ${companyId} and r.status in ('queued', 'running')
      and p.state in ('queued', 'running')`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

/** Serialises starting runs of one company until the transaction ends (the queue bound holds under races). */
export async function lockCompanyRuns(db: Db, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`rr-workflow-run:${companyId}`}))`.execute(db);
}
