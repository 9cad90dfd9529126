/**
 * A small worker-thread pool for the engine, so OCR/inpainting never block the HTTP event loop.
 * - `size` workers (default: min(2, CPUs)), each loading the models once, one job at a time.
 * - A worker is replaced after `maxJobsPerWorker` jobs (bounded memory over long batches) or when it
 *   crashes; a job running longer than `jobTimeoutMs` ends its worker and fails.
 * - Jobs wait per company and are taken round-robin (`FairQueue`): at most `maxQueuePerOwner` per
 *   company and `maxQueue` in all; companies that `isNewOwner` names (younger than a day) at most
 *   `maxQueuePerNewOwner` each and `maxQueueNewOwners` together, so sign-ups cannot fill the line;
 *   more are refused at once with a 429 `EngineBusyError`.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AnalyzeOptions, AnalyzeResult, RenderResult } from './engine-core.ts';
import { FairQueue } from './fair-queue.ts';
import type { OcrItem, SourceLanguage } from './types.ts';

export type WorkerJob =
  | { id: number; op: 'warmup' }
  | {
      id: number;
      op: 'analyze';
      image: Uint8Array;
      sourceLanguage: SourceLanguage;
      opts?: AnalyzeOptions | undefined;
    }
  | {
      id: number;
      op: 'render';
      removed: Uint8Array;
      items: OcrItem[];
      sourceLanguage: SourceLanguage;
      /** The source image: lines left without a translation are put back from it. */
      original?: Uint8Array | undefined;
    };

export type WorkerReply =
  | { id: number; ok: true; value: AnalyzeResult | RenderResult | null }
  | { id: number; ok: false; error: { message: string; name: string } };

type JobInput = WorkerJob extends infer J ? (J extends { id: number } ? Omit<J, 'id'> : never) : never;

export type PoolOptions = {
  size?: number;
  maxJobsPerWorker?: number;
  jobTimeoutMs?: number;
  maxQueue?: number;
  /** Waiting jobs one company may have (default 100). */
  maxQueuePerOwner?: number;
  /** Waiting jobs one new company may have (default 10). */
  maxQueuePerNewOwner?: number;
  /** Waiting jobs of all new companies together (default 50). */
  maxQueueNewOwners?: number;
  /** True for an owner held to the new-account bounds; asked once per job (a failure counts as new). */
  isNewOwner?: (owner: string) => Promise<boolean>;
  /**
   * Nice value of each worker thread (default 19, with the idle scheduling policy: cpu-priority.ts),
   * so OCR and inpainting, and the ONNX Runtime threads each worker starts, yield the cores to the
   * request loop and PostgreSQL; 0 keeps the process's priority.
   */
  niceness?: number;
};

type Pending = {
  id: number;
  input: JobInput;
  /** Memory moved to the worker with the job instead of copied. */
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
};

type Slot = { worker: Worker; busy: Pending | undefined; jobs: number; timer: NodeJS.Timeout | undefined };

export class EnginePoolError extends Error {}

/** Whether a view covers the whole of its own (transferable) memory, so moving it moves nothing else. */
function ownsItsMemory(view: Uint8Array): boolean {
  return (
    view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength
  );
}

export class EnginePool {
  private readonly size: number;
  private readonly niceness: number;
  private readonly maxJobs: number;
  private readonly timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: FairQueue<Pending>;
  private nextId = 1;
  private closed = false;
  private readonly isNewOwner: ((owner: string) => Promise<boolean>) | undefined;

  constructor(opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(2, availableParallelism()));
    this.maxJobs = opts.maxJobsPerWorker ?? 200;
    this.timeoutMs = opts.jobTimeoutMs ?? 120_000;
    this.queue = new FairQueue(opts.maxQueuePerOwner ?? 100, opts.maxQueue ?? 500, {
      maxPerOwner: opts.maxQueuePerNewOwner ?? 10,
      maxTotal: opts.maxQueueNewOwners ?? 50,
    });
    this.isNewOwner = opts.isNewOwner;
    this.niceness = opts.niceness ?? 19;
  }

  get workers(): number {
    return this.slots.length;
  }

  /** Starts every worker and waits until their models are loaded. */
  async warmup(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, () => this.run({ op: 'warmup' })));
  }

  /** `owner`: the company the job is for (its fair share of the queue); '' for none. */
  /**
   * `handOver`: the caller gives the image up, and its bytes are moved to the worker instead of
   * copied (a 20 MB picture's copy held the request loop ≈ 10 ms); the caller must not read `image`
   * afterwards (it is emptied). An image that shares its memory with other data is copied anyway.
   */
  analyze(
    image: Uint8Array,
    sourceLanguage: SourceLanguage,
    opts?: AnalyzeOptions,
    owner = '',
    handOver = false,
  ): Promise<AnalyzeResult> {
    return this.run(
      { op: 'analyze', image, sourceLanguage, opts },
      owner,
      handOver && ownsItsMemory(image) ? [image.buffer as ArrayBuffer] : [],
    ) as Promise<AnalyzeResult>;
  }

  render(
    removed: Uint8Array,
    items: OcrItem[],
    sourceLanguage: SourceLanguage,
    owner = '',
    original?: Uint8Array,
  ): Promise<RenderResult> {
    return this.run(
      { op: 'render', removed, items, sourceLanguage, original },
      owner,
    ) as Promise<RenderResult>;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.drain()) p.reject(new EnginePoolError('image engine closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private async run(input: JobInput, owner = '', transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.closed) throw new EnginePoolError('image engine closed');
    const newcomer = owner !== '' && this.isNewOwner ? await this.isNewOwner(owner).catch(() => true) : false;
    if (this.closed) throw new EnginePoolError('image engine closed');
    return new Promise((resolve, reject) => {
      this.queue.push(owner, { id: this.nextId++, input, transfer, resolve, reject }, newcomer);
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.size > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.jobs++;
      slot.timer = setTimeout(
        () => this.fail(slot!, new EnginePoolError('image engine job timed out')),
        this.timeoutMs,
      );
      slot.worker.postMessage({ id: job.id, ...job.input }, job.transfer);
    }
  }

  private spawn(): Slot {
    const threads = Math.max(1, Math.floor(availableParallelism() / this.size));
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { threads, niceness: this.niceness },
    });
    const slot: Slot = { worker, busy: undefined, jobs: 0, timer: undefined };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.busy;
      if (!job || job.id !== reply.id) return;
      clearTimeout(slot.timer);
      slot.busy = undefined;
      if (reply.ok) job.resolve(reply.value);
      else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
      if (slot.jobs >= this.maxJobs) this.retire(slot);
      this.pump();
    });
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', () => {
      if (slot.busy) this.fail(slot, new EnginePoolError('image engine worker exited'));
      this.remove(slot);
    });
    this.slots.push(slot);
    return slot;
  }

  private fail(slot: Slot, err: Error): void {
    clearTimeout(slot.timer);
    const job = slot.busy;
    slot.busy = undefined;
    job?.reject(err);
    this.retire(slot);
    this.pump();
  }

  private retire(slot: Slot): void {
    this.remove(slot);
    void slot.worker.terminate();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}
