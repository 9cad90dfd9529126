import type { WorkflowEvent } from '@rr/contracts';
import type { QuotationSelection, TaskName, TaskStatus } from '@rr/domain';
import type { Container } from '../container.ts';
import type { Message } from '../errors/app-error.ts';

export type { Message };

/**
 * What one task of one product gets from the runner. A task reads like the spec: it loads the
 * product, calls the AI gateway / image service / domain rules, writes with dotted-path partial
 * updates, and returns an outcome. It never talks HTTP and never sleeps the batch waits itself
 * (the runner does, scaled by WORKFLOW_PAUSE_SCALE).
 */
export type TaskContext = {
  readonly container: Container;
  readonly companyId: string;
  readonly productId: string;
  /** The run this task belongs to; null when started outside a run (a test, a tool). */
  readonly runId: string | null;
  /** Aborted when the run is cancelled or the process stops: pass it to the AI gateway. */
  readonly signal: AbortSignal;
  /** Scales the spec's waits inside a task (size chart groups, split group pauses); tests use 0. */
  readonly pauseScale: number;
  /** The options a quotation-only run works on (StartRunRequest.quotation); absent: all. */
  readonly quotationMode?: QuotationSelection | undefined;
  /** Publishes an event to the company's screens (progress messages, split completions). */
  emit(event: WorkflowEvent): Promise<void>;
};

/**
 * The end of one task. `status` is written to the product's status field by the runner (the task
 * may have written intermediate statuses itself). `result` is the quotation's overall result
 * (completed / partial / split_completed / error), which the batch checks before retrying.
 * `skipped` lists fields left alone because the seller had edited them.
 */
export type TaskOutcome = {
  status: TaskStatus;
  message?: Message | undefined;
  result?: string | undefined;
  skipped?: string[] | undefined;
};

export type WorkflowTask = {
  readonly name: TaskName;
  run(ctx: TaskContext): Promise<TaskOutcome>;
};
