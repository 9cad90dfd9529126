/**
 * Pool worker: loads the engine once (OCR models, OpenCV, fonts) and answers analyze/render jobs.
 * Started through `worker-entry.mjs`, which registers the TypeScript loader first.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EngineCore } from './engine-core.ts';
import type { WorkerJob, WorkerReply } from './pool.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const threads = (workerData as { threads?: number } | undefined)?.threads ?? 1;
const ready = EngineCore.load({ threads });

port.on('message', async (job: WorkerJob) => {
  try {
    const core = await ready;
    if (job.op === 'warmup') {
      port.postMessage({ id: job.id, ok: true, value: null } satisfies WorkerReply);
    } else if (job.op === 'analyze') {
      const value = await core.analyze(job.image, job.sourceLanguage, job.opts);
      port.postMessage({ id: job.id, ok: true, value } satisfies WorkerReply);
    } else {
      const value = await core.render(job.removed, job.items, job.sourceLanguage, job.original);
      port.postMessage({ id: job.id, ok: true, value } satisfies WorkerReply);
    }
  } catch (err) {
    const e = err as Error;
    port.postMessage({
      id: job.id,
      ok: false,
      error: { message: e.message, name: e.name },
    } satisfies WorkerReply);
  }
});
