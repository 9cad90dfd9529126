import { extensionBackoffMs, type RequestLimits } from '@rr/domain';
import pRetry from 'p-retry';
import { z } from 'zod';
import type { AiCall } from './ai-call.ts';
import { AiError, aiErrors } from './ai-error.ts';
import type { Clock } from './clock.ts';
import { parseAnswer } from './gateway-answer.ts';
import type { AiProvider } from './providers/provider.ts';

// The gateway's call step (ai/gateway.ts): attempts with the work type's timeout, retries of what
// may succeed later with the spec's backoff, and the answer read and checked against its shape.

export type CallSteps<T> = {
  provider: AiProvider;
  call: AiCall<T>;
  jsonSchema: Record<string, unknown>;
  policy: RequestLimits;
  clock: Clock;
  /** The call's signal (the caller's and the monitor's aborts). */
  signal: AbortSignal;
  /** Before each send: the limit step (the key's slot) and the attempt's log write. */
  beforeSend(attempt: number): Promise<void>;
  /** A retriable failure that will be retried (not the last). */
  onRetry(error: AiError, at: number): void;
};

/** Sends the call, retrying as its policy says; answers the parsed answer or throws the last error. */
export function callWithRetries<T>(steps: CallSteps<T>): Promise<T> {
  const { provider, call, policy, clock, signal } = steps;
  return pRetry(
    async (attempt: number) => {
      if (attempt > 1) await clock.sleep(extensionBackoffMs(attempt - 2), signal).catch(rethrowAbort(signal));
      await steps.beforeSend(attempt);
      const timeout = clock.timeout(policy.timeoutMs);
      const attemptSignal = AbortSignal.any([signal, timeout.signal]);
      try {
        const answer = await raceAbort(
          provider.generate({
            workType: call.workType,
            task: call.task,
            prompt: call.prompt,
            images: call.images ?? [],
            jsonSchema: steps.jsonSchema,
            payload: call.payload ?? {},
            signal: attemptSignal,
          }),
          attemptSignal,
        );
        return parseAnswer(answer, call.schema);
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
        if (retriesLeft > 0 && error instanceof AiError && error.retriable) steps.onRetry(error, clock.now());
      },
    },
  );
}

/** The answer shape as JSON Schema (structured output), made once per schema object. */
export function createJsonSchemas() {
  const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();
  return function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
    let json = jsonSchemas.get(schema);
    if (!json) {
      json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
      delete json.$schema;
      jsonSchemas.set(schema, json);
    }
    return json;
  };
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

/** For a wait's rejection: the abort as the AiError the call fails with. */
export function rethrowAbort(signal: AbortSignal) {
  return (): never => {
    throw toAbortError(signal);
  };
}
