import {
  calculateWorkflowProgress,
  countTasks,
  formatMessage,
  orderBatchTasks,
  sumTaskCounts,
  type TaskCounts,
  type TaskName,
} from '@rr/domain';
import { productCompleteness } from '../products/completeness.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { RunProductRow, RunRepository, RunRow } from './run-repository.ts';
import type { Message } from './task.ts';
import { WORKFLOW_MESSAGES } from './workflow-messages.ts';

/**
 * Progress of one product in its run: its done tasks (not those that ended in error) over the run's
 * task count, which for a full batch is the task registry's (W §4 Workflow state).
 */
export function productProgress(done: number, taskCount: number): number {
  return calculateWorkflowProgress(done, taskCount);
}

/**
 * How many tasks a run has: its tasks as the batch orders them (a full batch: every task of the
 * domain's task registry). Every progress and count of a run is over this number.
 */
export function taskCountOf(runTasks: readonly TaskName[]): number {
  return orderBatchTasks(runTasks).length;
}

/** A run's progress: its products' done tasks averaged over the products (100 once every task is done). */
export function runProgress(done: number, products: number, taskCount: number): number {
  if (products === 0) return 0;
  return productProgress(done / products, taskCount);
}

/** Done / error / remaining of one product of a run (W §4: a task that ended in error is not done). */
export function productCounts(
  row: Pick<RunProductRow, 'finished_tasks' | 'completed_tasks'>,
  taskCount: number,
) {
  return countTasks(row.finished_tasks, row.completed_tasks, taskCount);
}

/** The same over every product of a run. */
export function runCounts(
  rows: readonly Pick<RunProductRow, 'finished_tasks' | 'completed_tasks'>[],
  taskCount: number,
): TaskCounts {
  return sumTaskCounts(rows.map((r) => productCounts(r, taskCount)));
}

/**
 * Where a running run stands: its progress and counts over its products' records. Computed here
 * only (the runner's events, the run view and the end summary all ask this).
 */
export function runStanding(
  rows: readonly Pick<RunProductRow, 'finished_tasks' | 'completed_tasks'>[],
  runTasks: readonly TaskName[],
): { progress: number; counts: TaskCounts } {
  const taskCount = taskCountOf(runTasks);
  const done = rows.reduce((n, r) => n + r.completed_tasks.length, 0);
  return { progress: runProgress(done, rows.length, taskCount), counts: runCounts(rows, taskCount) };
}

/** How a run stands or ended: task counts, progress, and how many of its products can be registered. */
export type RunSummary = {
  counts: TaskCounts;
  progress: number;
  products: number;
  /** Products whose every option document passes the completeness check at 100 %. */
  registrable: number;
  /** Products whose quotation ended done (null when the run has no quotation). */
  quotationSucceeded: number | null;
};

export async function summarizeRun(
  runs: Pick<RunRepository, 'listRunProducts'>,
  productStore: Pick<ProductStore, 'registrationParts'>,
  run: Pick<RunRow, 'id' | 'company_id' | 'tasks'>,
  rows?: readonly RunProductRow[],
  opts: { registrable?: boolean } = {},
): Promise<RunSummary> {
  const products = rows ?? (await runs.listRunProducts(run.id));
  const tasks = orderBatchTasks(run.tasks);
  const standing = runStanding(products, run.tasks);
  // The documents are read only when asked (a finished run): a running run's view is polled.
  let registrable = 0;
  if (opts.registrable ?? true) {
    const parts = await productStore.registrationParts(
      run.company_id,
      products.map((p) => p.product_id),
    );
    registrable = products.filter((p) => {
      const doc = parts.get(p.product_id);
      return doc !== undefined && productCompleteness(doc) === 100;
    }).length;
  }
  return {
    counts: standing.counts,
    progress: standing.progress,
    products: products.length,
    registrable,
    quotationSucceeded: tasks.includes('quotation')
      ? products.filter((p) => p.completed_tasks.includes('quotation')).length
      : null,
  };
}

/**
 * The top indicator's message at the end of a run: with a quotation, the spec's "등록 정보 생성 완료
 * (총 N개, 성공: X, 실패: Y)" over the run's products (Q §1), then how many can be registered.
 */
export function runEndMessage(summary: RunSummary): Message {
  const { products, registrable, quotationSucceeded, counts } = summary;
  const tail = WORKFLOW_MESSAGES.registrableTail(registrable, products);
  if (quotationSucceeded === null) {
    const m = WORKFLOW_MESSAGES.runFinished(counts);
    return { ko: `${m.ko} ${tail.ko}`, en: `${m.en} ${tail.en}` };
  }
  const params = { total: products, success: quotationSucceeded, failure: products - quotationSucceeded };
  return {
    ko: `${formatMessage('quotationGenerated', params, 'ko')} ${tail.ko}`,
    en: `${formatMessage('quotationGenerated', params, 'en')} ${tail.en}`,
  };
}
