import type { WorkflowEvent } from '@rr/contracts';
import type { LandedCostSettings, QuotationSelection, TaskName, TaskStatus } from '@rr/domain';
import type { Clock } from '../ai/clock.ts';
import type { TaskAi } from '../ai/providers/demo-offline-provider.ts';
import type { CoupangWork } from '../coupang/registration-deps.ts';
import type { Message } from '../errors/app-error.ts';
import type { ImageFetchRules } from '../images/fetch-image.ts';
import type { FileStorage } from '../images/storage.ts';
import type { ImageTranslationService } from '../images/translation/image-translation-service.ts';
import type { KeywordRow } from '../keywords/keyword-repository.ts';
import type { Log } from '../log.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';

export type { Message };

/**
 * The narrow set a task needs, built once by the container (`container.taskDeps`). A task never gets
 * the container: it reads and writes products through the store, calls the AI gateway and the image
 * service, reads the company's settings through the reader. A task test passes fakes of these.
 */
export type TaskDeps = {
  /** The products module's one door: reads, and the one writer (`write`, `writeFields`, `create`). */
  readonly products: ProductStore;
  /** The AI gateway, and the offline (demo) provider's untranslated phrases the runner reports. */
  readonly ai: TaskAi;
  /** Image translation (OCR, text removal, Korean rendering) as the image tasks use it. */
  readonly images: ImageTranslationService;
  readonly settings: SettingsReader;
  readonly storage: FileStorage;
  readonly log: Log;
  /** The waits inside a task (the AI gateway's clock; a test passes a manual one). */
  readonly clock: Clock;
  /** Publishes an event to a company's screens. */
  readonly events: { publish(companyId: string, event: WorkflowEvent): Promise<unknown> };
  /** Issue 23: the Coupang Open API client and the checked creation payload (the `register` task). */
  readonly coupang: CoupangWork;
  /** What image fetches may reach beyond global addresses: a test server's stand-in hosts only, never in production. */
  readonly imageFetch?: ImageFetchRules | undefined;
  /**
   * Issue 41: the landed-cost settings (the sales module's cost settings) the pricing task uses when
   * the seller prices for a margin after fees; absent: the domain's defaults.
   */
  readonly landedCost?: { settings(companyId: string): Promise<LandedCostSettings> } | undefined;
  /**
   * Issue 41: the sales links follow their options to where they are now (the quotation's split
   * moves options into new products); the container's: the sales service's follow pass.
   */
  readonly salesLinks?: { follow(companyId: string): Promise<void> } | undefined;
  /** Issue 42: a product's keywords collected on Coupang's search (the SEO task uses them); absent: none. */
  readonly keywords?:
    | { forProduct(companyId: string, productId: string): Promise<readonly KeywordRow[]> }
    | undefined;
};

/**
 * What one task of one product gets from the runner. A task reads like the spec: it loads the
 * product, calls the AI gateway / image service / domain rules, writes with dotted-path partial
 * updates, and returns an outcome. It never talks HTTP and never sleeps the batch waits itself
 * (the runner does, scaled by WORKFLOW_PAUSE_SCALE).
 */
export type TaskContext = {
  readonly deps: TaskDeps;
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
 * The end of one task. `status` is written to the product's status field by the runner, which alone
 * writes task statuses (and "processing" before the task starts): a task only returns its outcome. `result` is the quotation's overall result
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
