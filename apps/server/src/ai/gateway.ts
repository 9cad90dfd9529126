import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { extensionBackoffMs, extractAiJson, isRecord, type RequestLimits, rateRuleFor } from '@rr/domain';
import pRetry from 'p-retry';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AiError, aiErrors } from './ai-error.ts';
import { type Clock, systemClock } from './clock.ts';
import type { AiEndpointPolicy } from './endpoint-guard.ts';
import { createPgSlotStore } from './limiter/pg-slot-repository.ts';
import type { SlotStore } from './limiter/slot-store.ts';
import { OFFLINE_ANSWERS } from './prompts/index.ts';
import type { AiWork } from './prompts/work.ts';
import { createGeminiProvider } from './providers/gemini-provider.ts';
import { createOfflineProvider } from './providers/offline-provider.ts';
import { createOpenAiProvider } from './providers/openai-provider.ts';
import type { AiImage, AiProvider, AiProviderConfig } from './providers/provider.ts';
import { createRequestLog, type RequestLog } from './request-log-repository.ts';
import { requestLimitsFor, type WorkType, type WorkVariant } from './work-types.ts';

export type AiCall<T> = {
  workType: WorkType;
  /** QUOTATION's task (TRANSLATE_ATTRIBUTES, GET_DIFFERENTIATED_ATTRIBUTES_BATCH_2…). */
  task?: string | undefined;
  variant?: WorkVariant | undefined;
  companyId: string | null;
  productId?: string | null | undefined;
  prompt: string;
  images?: readonly AiImage[] | undefined;
  /** The answer's shape; also sent to the provider as structured output. */
  schema: z.ZodType<T>;
  /** The spec's payload fields (productId, requestArr, attributes, coupangSchema…). */
  payload?: Readonly<Record<string, unknown>> | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
};

export type GatewayDeps = {
  /** The request log and the send slots live here unless `requestLog` and `slotStore` are given. */
  db?: Db | undefined;
  /** Where each request is logged; the `ai_requests` table of `db` by default. */
  requestLog?: RequestLog | undefined;
  clock?: Clock;
  /** Where per-key send times are reserved; PostgreSQL (the `db`) by default. */
  slotStore?: SlotStore;
  geminiBaseUrl?: string | undefined;
  openaiBaseUrl?: string | undefined;
  /** What a company's own AI base URL may be (ai/endpoint-guard.ts); strict when absent. */
  aiEndpoints?: AiEndpointPolicy | undefined;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
};

type RequestStatus = 'pending' | 'processing' | 'success' | 'error' | 'timeout';

export type GatewayEvent =
  | { type: 'request'; id: number; status: RequestStatus }
  | { type: 'stuck'; ids: number[] };

/**
 * The one way the server talks to an AI (DESIGN.md, AI row): a provider chosen per call, a per-key
 * limit shared by every process, the spec's timeouts, retries and backoff per work type, and a log
 * row per request.
 */
export function createAiGateway(deps: GatewayDeps) {
  const clock = deps.clock ?? systemClock;
  const slots = deps.slotStore ?? createPgSlotStore(dbFor('the send slots'));
  const requestLog = deps.requestLog ?? createRequestLog(dbFor('the request log'));
  function dbFor(what: string): Db {
    if (!deps.db) throw new Error(`AI gateway: ${what} need a database`);
    return deps.db;
  }
  const events = new EventEmitter<{ event: [GatewayEvent] }>();
  const inFlight = new Map<number, AbortController>();
  const providers = new Map<string, AiProvider>();
  const offline = createOfflineProvider(OFFLINE_ANSWERS);
  const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();
  /** Phrases the offline provider left untranslated, by company and product, until the runner takes them. */
  const untranslated = new Map<string, Set<string>>();

  function noteUntranslated<T>(call: AiCall<T>, answer: unknown) {
    if (!call.companyId || !call.productId || !isRecord(answer) || !Array.isArray(answer.untranslated))
      return;
    const key = `${call.companyId}:${call.productId}`;
    if (!untranslated.has(key) && untranslated.size >= 10_000) untranslated.clear();
    const set = untranslated.get(key) ?? new Set<string>();
    for (const p of answer.untranslated) if (typeof p === 'string') set.add(p);
    untranslated.set(key, set);
  }

  function providerFor(config: AiProviderConfig, limiterKey: string | null): AiProvider {
    if (config.provider === 'offline') return offline;
    const cacheKey = `${limiterKey}|${config.model ?? ''}`;
    let provider = providers.get(cacheKey);
    if (!provider) {
      provider =
        config.provider === 'gemini'
          ? createGeminiProvider(config, deps.geminiBaseUrl)
          : createOpenAiProvider(config, deps.openaiBaseUrl, deps.aiEndpoints);
      if (providers.size > 200) providers.clear();
      providers.set(cacheKey, provider);
    }
    return provider;
  }

  function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
    let json = jsonSchemas.get(schema);
    if (!json) {
      json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
      delete json.$schema;
      jsonSchemas.set(schema, json);
    }
    return json;
  }

  async function request<T>(config: AiProviderConfig, call: AiCall<T>): Promise<T> {
    const started = clock.now();
    const limiterKey = limiterKeyOf(config, deps);
    const provider =
      config.provider === 'gemini' && !config.apiKey ? undefined : providerFor(config, limiterKey);
    const policy: RequestLimits = {
      ...requestLimitsFor(call.workType, call.task, call.variant),
      ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
      ...(call.maxRetries !== undefined ? { maxRetries: call.maxRetries } : {}),
    };
    const controller = new AbortController();
    const signal = call.signal ? AbortSignal.any([call.signal, controller.signal]) : controller.signal;
    const rule = rateRuleFor(config.requestsPerMinute);
    const entry = {
      companyId: call.companyId,
      productId: call.productId ?? null,
      workType: call.workType,
      task: call.task ?? null,
      provider: config.provider,
      model: provider?.model ?? config.model ?? null,
      limiterKey,
    };
    // Log writes of this request run in order behind the call; none is awaited but the first,
    // and that one only when it also reserves the first send slot (PostgreSQL store, same database).
    let id: number | undefined;
    const warn = (err: unknown) => deps.log?.warn({ err, id }, 'ai request log write failed');
    const logged = (rowId: number, status: RequestStatus) => {
      id = rowId;
      inFlight.set(rowId, controller);
      emit({ type: 'request', id: rowId, status });
    };
    let writes: Promise<unknown> = Promise.resolve();
    /** The first attempt's slot when it was reserved with the log row; whether the row says processing. */
    let firstSlot: { at: number; processing: boolean } | undefined;
    const inline = slots.inline?.db === deps.db ? slots.inline : undefined;
    if (provider && limiterKey && inline) {
      try {
        const row = await requestLog.startReserving(
          entry,
          started,
          inline.reserveSql(limiterKey, started, rule),
        );
        firstSlot = { at: row.slot, processing: row.status === 'processing' };
        logged(row.id, row.status);
      } catch (err) {
        warn(err); // no log row (e.g. an unknown company); the slot is reserved on its own below
      }
    } else {
      writes = requestLog
        .start(entry, started)
        .then((rowId) => logged(rowId, 'pending'))
        .catch(warn);
    }
    const write = (fn: (rowId: number) => Promise<unknown>, status?: RequestStatus) => {
      writes = writes
        .then(async () => {
          if (id === undefined) return;
          await fn(id);
          if (status) emit({ type: 'request', id, status });
        })
        .catch(warn);
    };

    try {
      if (!provider) throw aiErrors.noKey();
      const jsonSchema = jsonSchemaOf(call.schema);
      const value = await pRetry(
        async (attempt: number) => {
          if (attempt > 1)
            await clock.sleep(extensionBackoffMs(attempt - 2), signal).catch(rethrowAbort(signal));
          const reserved = attempt === 1 ? firstSlot : undefined;
          if (limiterKey) {
            const slot = reserved?.at ?? (await slots.reserve(limiterKey, clock.now(), rule));
            const wait = slot - clock.now();
            if (wait > 0 && !reserved) write((rowId) => requestLog.scheduled(rowId, slot));
            if (wait > 0) await clock.sleep(wait, signal).catch(rethrowAbort(signal));
          }
          const sentAt = clock.now();
          // A row written as processing with its slot needs no second write for the first attempt.
          if (!reserved?.processing)
            write((rowId) => requestLog.attempt(rowId, attempt, sentAt), 'processing');
          const timeout = clock.timeout(policy.timeoutMs);
          const attemptSignal = AbortSignal.any([signal, timeout.signal]);
          try {
            const answer = await raceAbort(
              provider.generate({
                workType: call.workType,
                task: call.task,
                prompt: call.prompt,
                images: call.images ?? [],
                jsonSchema,
                payload: call.payload ?? {},
                signal: attemptSignal,
              }),
              attemptSignal,
            );
            const parsed = parseAnswer(answer, call.schema);
            if (provider.name === 'offline') noteUntranslated(call, answer);
            return parsed;
          } finally {
            timeout.cancel();
          }
        },
        {
          retries: policy.maxRetries,
          minTimeout: 0,
          maxTimeout: 0,
          randomize: false,
          shouldRetry: ({ error }) => error instanceof AiError && error.retriable && !signal.aborted,
          onFailedAttempt: ({ error, retriesLeft }) => {
            if (retriesLeft > 0 && error instanceof AiError && error.retriable) {
              const at = clock.now();
              const message = redactKey(error, config.apiKey).message;
              write(
                (rowId) => requestLog.retrying(rowId, message, error.providerStatus ?? null, at),
                'pending',
              );
            }
          },
        },
      );
      const at = clock.now();
      const outcome = { status: 'success', error: null, httpStatus: null, durationMs: at - started } as const;
      write((rowId) => requestLog.finish(rowId, outcome, at), 'success');
      settleLater(writes);
      return value;
    } catch (thrown) {
      const error = redactKey(thrown instanceof AiError ? thrown : aiErrors.network(thrown), config.apiKey);
      const at = clock.now();
      const status: 'timeout' | 'error' = error.reason === 'timeout' ? 'timeout' : 'error';
      const outcome = {
        status,
        error: error.message,
        httpStatus: error.providerStatus ?? null,
        durationMs: at - started,
      };
      write((rowId) => requestLog.finish(rowId, outcome, at), status);
      settleLater(writes);
      throw error;
    } finally {
      if (id !== undefined) inFlight.delete(id);
    }
  }

  /** Runs a prompt module: its prompt, its answer shape, the input as payload. */
  function run<I, T>(
    config: AiProviderConfig,
    work: AiWork<I, T>,
    input: I,
    context: Omit<AiCall<T>, 'workType' | 'prompt' | 'schema' | 'payload'> & { task?: string },
  ): Promise<T> {
    return request(config, {
      ...context,
      workType: work.workType,
      task: context.task ?? work.task,
      prompt: work.prompt(input),
      schema: work.answer,
      payload: input as Record<string, unknown>,
    });
  }

  /** The log's last writes finish after the caller has its answer; `flush` waits for them. */
  const pendingWrites = new Set<Promise<unknown>>();
  function settleLater(writes: Promise<unknown>) {
    pendingWrites.add(writes);
    void writes.finally(() => pendingWrites.delete(writes));
  }

  function emit(event: GatewayEvent) {
    events.emit('event', event);
  }

  return {
    request,
    run,
    events,
    clock,
    slots,
    /**
     * The phrases the offline demo provider could not translate in its answers about this product
     * since the last call (issue 20); the runner asks after each task.
     */
    takeUntranslated(companyId: string, productId: string): string[] {
      const key = `${companyId}:${productId}`;
      const set = untranslated.get(key);
      untranslated.delete(key);
      return set ? [...set] : [];
    },
    /** Resolves when every request log write started so far is done. */
    async flush(): Promise<void> {
      await Promise.all(pendingWrites);
    },
    /** Aborts requests of this process that the monitor marked as timed out. */
    abortLocal(ids: readonly number[], reason: Error) {
      for (const id of ids) inFlight.get(id)?.abort(reason);
      if (ids.length) emit({ type: 'stuck', ids: [...ids] });
    },
  };
}
export type AiGateway = ReturnType<typeof createAiGateway>;

/** The limiter bucket of a key: a digest of provider, endpoint and key. Offline has no limit. */
export function limiterKeyOf(
  config: AiProviderConfig,
  deps: Pick<GatewayDeps, 'geminiBaseUrl' | 'openaiBaseUrl'>,
): string | null {
  if (config.provider === 'offline') return null;
  const base =
    config.baseUrl ?? (config.provider === 'gemini' ? deps.geminiBaseUrl : deps.openaiBaseUrl) ?? '';
  return createHash('sha256')
    .update(`rr-ai-limit\0${config.provider}\0${base}\0${config.apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 24);
}

/** Provider messages may echo the request; the key must never reach the log or the caller. */
function redactKey(error: AiError, apiKey: string | undefined): AiError {
  if (!apiKey || apiKey.length < 4 || !error.message.includes(apiKey)) return error;
  const clean = (text: string) => text.split(apiKey).join('***');
  return new AiError(
    error.reason,
    { ko: clean(error.userMessage.ko), en: clean(error.userMessage.en) },
    { status: error.providerStatus },
  );
}

/**
 * The domain rule (`extractAiJson`) reads the answer. Adapter: a model's text may itself be one of
 * the spec's answer forms (read once more), and the `error` form (Q §7) ends the request with the
 * answer's own message, where the domain rule only reports 'AI response missing'.
 */
function parseAnswer<T>(answer: unknown, schema: z.ZodType<T>): T {
  let extracted = extractAiJson(answer);
  if (extracted.ok && isAnswerForm(extracted.value)) {
    answer = extracted.value;
    extracted = extractAiJson(answer);
  }
  if (!extracted.ok) {
    const error = answerError(answer);
    if (error !== undefined) throw aiErrors.answer(error);
    if (extracted.issues.some((i) => i.code === 'aiResponseMissing')) throw aiErrors.missing();
    throw aiErrors.parse(extracted.issues);
  }
  const parsed = schema.safeParse(extracted.value);
  if (!parsed.success) throw aiErrors.parse(parsed.error.issues.slice(0, 5));
  return parsed.data;
}

const FORM_KEYS = new Set([
  'batchResults',
  'processedText',
  'result',
  'error',
  'success',
  'status',
  'id',
  'type',
]);

/** `{batchResults}`, `{processedText}`, or an object of only the answer-form keys (`{error}`, `{result}`). */
function isAnswerForm(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.includes('batchResults') || keys.includes('processedText')) return true;
  return keys.some((k) => k === 'error' || k === 'result') && keys.every((k) => FORM_KEYS.has(k));
}

function answerError(answer: unknown): string | undefined {
  if (!isAnswerForm(answer)) return undefined;
  const first: unknown = Array.isArray(answer.batchResults) ? answer.batchResults[0] : undefined;
  const error = (first as { error?: unknown } | undefined)?.error ?? answer.error;
  if (!error) return undefined;
  const message = typeof error === 'object' && 'message' in error ? error.message : error;
  return String(message);
}

/** Settles as soon as the signal aborts, even if a provider ignores it. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(toAbortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(toAbortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function toAbortError(signal: AbortSignal): AiError {
  const reason: unknown = signal.reason;
  if (reason instanceof AiError) return reason;
  if (reason instanceof Error && reason.name === 'TimeoutSignal') {
    return aiErrors.timeout((reason as Error & { ms: number }).ms);
  }
  return aiErrors.aborted();
}

function rethrowAbort(signal: AbortSignal) {
  return (): never => {
    throw toAbortError(signal);
  };
}
