import { EventEmitter } from 'node:events';
import type { AiCall } from './ai-call.ts';
import { AiError, aiErrors } from './ai-error.ts';
import { type Clock, systemClock } from './clock.ts';
import { redactKey } from './gateway-answer.ts';
import { callWithRetries, createJsonSchemas } from './gateway-call.ts';
import {
  type Choice,
  createProviderChoice,
  type OfflineProviders,
  type ProviderEndpoints,
} from './gateway-choose.ts';
import { waitForSlot } from './gateway-limit.ts';
import { type RequestStatus, type RequestWrites, startRequestWrites } from './gateway-log.ts';
import type { SlotStore } from './limiter/slot-store.ts';
import { OFFLINE_ANSWERS } from './prompts/index.ts';
import type { AiWork } from './prompts/work.ts';
import { createOfflineProvider } from './providers/offline-provider.ts';
import type { AiProvider, AiProviderConfig } from './providers/provider.ts';
import type { RequestLog } from './request-log-repository.ts';

export { limiterKeyOf } from './gateway-choose.ts';
export type { AiCall };

export type GatewayDeps = ProviderEndpoints & {
  /** Where each request is logged (`createRequestLog(db)`, built by the container; a test passes a fake). */
  requestLog: RequestLog;
  /** Where per-key send times are reserved: PostgreSQL (`createPgSlotStore(db)`) or Redis. */
  slotStore: SlotStore;
  /** The offline provider (no key); the container hands the demo's, which notes untranslated phrases. */
  offline?: OfflineProviders | undefined;
  clock?: Clock;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
};

export type GatewayEvent =
  | { type: 'request'; id: number; status: RequestStatus }
  | { type: 'stuck'; ids: number[] };

/**
 * The one way the server talks to an AI (DESIGN.md, AI row): a provider chosen per call, a per-key
 * limit shared by every process, the spec's timeouts, retries and backoff per work type, and a log
 * row per request. A request runs four steps: choose (provider, endpoint, key, limits:
 * gateway-choose.ts), log (its row, written behind the call: gateway-log.ts), limit (the key's send
 * slot: gateway-limit.ts) and call (attempts, timeouts, retries, the answer read: gateway-call.ts).
 */
export function createAiGateway(deps: GatewayDeps) {
  const clock = deps.clock ?? systemClock;
  const slots = deps.slotStore;
  const requestLog = deps.requestLog;
  const offline = deps.offline ?? onlyProvider(createOfflineProvider(OFFLINE_ANSWERS));
  const choose = createProviderChoice(deps, offline);
  const jsonSchemaOf = createJsonSchemas();
  const events = new EventEmitter<{ event: [GatewayEvent] }>();
  const inFlight = new Map<number, AbortController>();

  /** The log step's start: the row (with the first slot when the store allows), the call registered. */
  function startLog(choice: Choice, started: number, controller: AbortController): Promise<RequestWrites> {
    const { provider, limiterKey, rule, entry } = choice;
    return startRequestWrites({
      requestLog,
      slots,
      entry,
      started,
      firstSlot: provider && limiterKey ? { limiterKey, rule } : undefined,
      onLogged(id, status) {
        inFlight.set(id, controller);
        emit({ type: 'request', id, status });
      },
      onStatus: (id, status) => emit({ type: 'request', id, status }),
      // Called as the log's method (a logger may need its `this`).
      warn: (obj, msg) => deps.log?.warn(obj, msg),
    });
  }

  /** Before each attempt's send: the limit step, then the attempt's log write. */
  async function beforeSend(choice: Choice, writes: RequestWrites, attempt: number, signal: AbortSignal) {
    const reserved = attempt === 1 ? writes.firstSlot : undefined;
    if (choice.limiterKey)
      await waitForSlot(slots, clock, {
        limiterKey: choice.limiterKey,
        rule: choice.rule,
        reserved,
        signal,
        onScheduled: (slotAt) => writes.scheduled(slotAt),
      });
    // A row written as processing with its slot needs no second write for the first attempt.
    if (!reserved?.processing) writes.attempt(attempt, clock.now());
  }

  async function request<T>(config: AiProviderConfig, call: AiCall<T>): Promise<T> {
    const started = clock.now();
    const choice = choose(config, call);
    const controller = new AbortController();
    const signal = call.signal ? AbortSignal.any([call.signal, controller.signal]) : controller.signal;
    const writes = await startLog(choice, started, controller);
    try {
      const provider = choice.provider;
      if (!provider) throw aiErrors.noKey();
      const value = await callWithRetries({
        provider,
        call,
        jsonSchema: jsonSchemaOf(call.schema),
        policy: choice.policy,
        clock,
        signal,
        beforeSend: (attempt) => beforeSend(choice, writes, attempt, signal),
        onRetry: (error, at) =>
          writes.retrying(redactKey(error, config.apiKey).message, error.providerStatus ?? null, at),
      });
      const at = clock.now();
      const outcome = { status: 'success', error: null, httpStatus: null, durationMs: at - started } as const;
      settleLater(writes.finish(outcome, at));
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
      settleLater(writes.finish(outcome, at));
      throw error;
    } finally {
      if (writes.id !== undefined) inFlight.delete(writes.id);
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

/** One offline provider for every call. */
const onlyProvider = (provider: AiProvider): OfflineProviders => ({ for: () => provider });
