import type { MessagePort } from 'node:worker_threads';
import type { groupCaptures, NamedCapture } from '@rr/domain';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { createDocumentValidator } from '../categories/validate-document.ts';
import type { AppError } from '../errors/app-error.ts';
import type { DefaultSettingsView as SaveSettings } from '../products/document-rules.ts';
import type { StoredSaveItems } from '../products/product-store.ts';
import type { BodyCheck } from './body-checks.ts';
import type { WorkPoolDatabase } from './work-task-repository.ts';
import type { SheetRows } from './xlsx-budget.ts';

// What runs inside the work pool's threads (limits/work-pool.ts): the parsers and the compiler fed by
// client input. Each thread has its own memory limit, and a task past its time is ended with its
// thread, so neither can stall or crash the process that answers other companies' requests.

export type WorkTasks = {
  /**
   * A large request body read off the event loop (http/json-body.ts): decoded, depth-checked and
   * parsed; a `__proto__` key refuses it as Fastify's parser does; then the route's budget (`check`,
   * limits/body-checks.ts), whose AppError answers the request without the value crossing back.
   */
  json: {
    input: { chunks: Uint8Array[]; check?: BodyCheck | undefined };
    output: { value: unknown } | { tooDeep: true } | { invalid: string };
  };
  /**
   * saveItems of a large body, whole (products/save-items-store.ts): read and checked, what it
   * replaces looked up, each document built and written by this thread on its own connection (the
   * pool's `database`), in one transaction. The stored texts come back as one buffer (moved, not
   * copied), to be answered as they are.
   */
  saveItems: {
    input: { companyId: string; chunks: Uint8Array[]; settings: SaveSettings };
    output: StoredSaveItems;
  };
  /** The 1688 import's pure first step (parse and group the captures). */
  import1688: { input: NamedCapture[]; output: ReturnType<typeof groupCaptures> };
  /** An uploaded review sheet, already checked by `checkXlsxArchive`, read into plain rows. */
  xlsx: { input: { data: Uint8Array; sheetName: string }; output: SheetRows };
  /** Documents checked with Ajv against a stored category schema (compiling it is the heavy part). */
  validate: {
    input: { schemaString: string; documents: unknown[] };
    output: ReturnType<ReturnType<typeof createDocumentValidator>['validate']>[];
  };
};
export type WorkKind = keyof WorkTasks;

export type { WorkPoolDatabase } from './work-task-repository.ts';

/** The key under which a task answers the AppError it failed with. */
export const APP_ERROR = '__appError';
/** An AppError as a task sends it (a RetryLaterError with its hint). */
export type SentAppError = Pick<AppError, 'code' | 'kind' | 'userMessage' | 'answer'> & {
  retryAfterSeconds?: number;
};

// One validator per thread: compiled schemas are reused by the next task this thread takes. The pool
// (owned by the container) owns the threads, so this is the thread's state, not the server process's.
let validator: ReturnType<typeof createDocumentValidator> | undefined;
/** How a thread writes (its own connection): loaded by its first task that writes. */
async function writerOfThread() {
  const [{ workerData }, { threadWriter }] = await Promise.all([
    import('piscina'),
    import('./work-task-repository.ts'),
  ]);
  return threadWriter((workerData as { database?: WorkPoolDatabase } | undefined)?.database);
}

/**
 * One task. Its code is loaded first (a thread loads only what its tasks need), then `started` tells
 * the pool that the task's time limit begins.
 */
export async function runTask(task: Task): Promise<unknown> {
  try {
    return await runKind(task);
  } catch (error) {
    // An AppError would reach the pool as a bare Error (structured clone keeps no class): sent as data.
    // (Checked by shape: under two TypeScript loaders a module may load twice, classes then differ.)
    const e = error as Partial<AppError> | null;
    if (typeof e?.code === 'string' && typeof e.kind === 'string' && e.userMessage) {
      const sent: SentAppError = { code: e.code, kind: e.kind, userMessage: e.userMessage, answer: e.answer };
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') sent.retryAfterSeconds = retryAfter;
      return { [APP_ERROR]: sent };
    }
    throw error;
  }
}

type Task = { kind: WorkKind; input: unknown; started?: MessagePort };

async function runKind(task: Task): Promise<unknown> {
  const begin = () => {
    task.started?.postMessage('started');
    task.started?.close();
  };
  switch (task.kind) {
    case 'json': {
      const { parseJsonText } = await import('./parse-json-text.ts');
      const { check } = task.input as WorkTasks['json']['input'];
      const checks = check ? (await import('./body-checks.ts')).BODY_CHECKS : undefined;
      begin();
      const { chunks } = task.input as WorkTasks['json']['input'];
      const parsed = parseJsonText(textOfChunks(chunks));
      if (check && checks && 'value' in parsed) checks[check](parsed.value);
      return parsed;
    }
    case 'saveItems': {
      const writer = await writerOfThread();
      begin();
      const { companyId, chunks, settings } = task.input as WorkTasks['saveItems']['input'];
      const stored = await writer.saveItems(companyId, textOfChunks(chunks), settings);
      // The texts' buffer is moved to the request loop, not copied.
      return move({ [transferableSymbol]: [stored.bytes.buffer], [valueSymbol]: stored });
    }
    case 'import1688': {
      const { groupCaptures } = await import('@rr/domain');
      begin();
      return groupCaptures(task.input as WorkTasks['import1688']['input']);
    }
    case 'xlsx': {
      const { readSheetRows } = await import('./xlsx-budget.ts');
      begin();
      const { data, sheetName } = task.input as WorkTasks['xlsx']['input'];
      return readSheetRows(bufferOf(data), sheetName);
    }
    case 'validate': {
      const { createDocumentValidator } = await import('../categories/validate-document.ts');
      begin();
      const { schemaString, documents } = task.input as WorkTasks['validate']['input'];
      validator ??= createDocumentValidator();
      return documents.map((d) => validator!.validate(schemaString, d));
    }
  }
}

const bufferOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
/** A body's chunks as text, decoded once (a character split across two chunks stays whole). */
const textOfChunks = (chunks: readonly Uint8Array[]) =>
  chunks.length === 1 ? bufferOf(chunks[0]!).toString('utf8') : Buffer.concat(chunks).toString('utf8');
