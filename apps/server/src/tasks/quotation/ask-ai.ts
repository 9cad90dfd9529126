import {
  badAnswerRetryWaitMs,
  type CatalogueMessage,
  exceptionRetryWaitMs,
  MESSAGES,
  type Result,
} from '@rr/domain';
import { AiError } from '../../ai/ai-error.ts';
import type { AiWork } from '../../ai/prompts/work.ts';
import { requestLimitsFor, type WorkVariant } from '../../ai/work-types.ts';
import type { QuotationJob } from './quotation-job.ts';

/** A step of the quotation that could not get a usable answer; `message` says why (Q §8). */
export class QuotationStepError extends Error {
  readonly userMessage: CatalogueMessage;
  readonly kind: 'bad_answer' | 'exception' | 'no_key' | 'aborted';
  constructor(userMessage: CatalogueMessage, kind: QuotationStepError['kind'], cause?: unknown) {
    super(userMessage.en, { cause });
    this.name = 'QuotationStepError';
    this.userMessage = userMessage;
    this.kind = kind;
  }
}

const BAD_ANSWER_KINDS = new Set(['missing', 'parse', 'answer_error']);
const FINAL_KINDS = new Set(['no_key', 'aborted', 'bad_request']);

export type AskOptions<T> = {
  task?: string | undefined;
  variant?: WorkVariant | undefined;
  /** Checks the parsed answer (counts, option numbers, allowed values); a failure is a bad answer. */
  check?: ((answer: T) => Result<T>) | undefined;
};

/**
 * One AI request of the quotation with the spec's retries (Q §8, §9): the work type's timeout and
 * maxRetries (60 s / 90 s, 2 retries; one option 3; group detection 30 s, 1), and between attempts
 * 2000 ms × 2^n after a bad answer (missing, unparseable, wrong shape or count) or 2000 ms × n
 * after an exception (timeout, network, 5xx, 429). The gateway itself does not retry here, so the
 * waits are exactly these. Waits are scaled by the task's pauseScale (tests).
 */
export async function askAi<I, T>(
  job: QuotationJob,
  work: AiWork<I, T>,
  input: I,
  options: AskOptions<T> = {},
): Promise<T> {
  const { ctx } = job;
  const gateway = ctx.deps.ai;
  const task = options.task ?? work.task;
  const { maxRetries } = requestLimitsFor(work.workType, task, options.variant);
  let last: QuotationStepError = new QuotationStepError(MESSAGES.aiResponseMissing, 'bad_answer');
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    let waitMs: number;
    try {
      const answer = await gateway.run(job.provider, work, input, {
        companyId: ctx.companyId,
        productId: ctx.productId,
        signal: ctx.signal,
        task,
        variant: options.variant,
        maxRetries: 0,
      });
      const checked = options.check ? options.check(answer) : { ok: true as const, value: answer };
      if (checked.ok) return checked.value;
      const first = checked.issues[0];
      last = new QuotationStepError(
        {
          ko: `${MESSAGES.aiResponseParseFailed.ko} ${first?.message ?? ''}`.trim(),
          en: `${MESSAGES.aiResponseParseFailed.en}: ${first?.code ?? ''}`,
        },
        'bad_answer',
      );
      waitMs = badAnswerRetryWaitMs(attempt);
    } catch (error) {
      if (error instanceof AiError && FINAL_KINDS.has(error.reason)) {
        throw new QuotationStepError(
          error.userMessage,
          error.reason === 'no_key' ? 'no_key' : error.reason === 'aborted' ? 'aborted' : 'exception',
          error,
        );
      }
      if (ctx.signal.aborted) throw new QuotationStepError(MESSAGES.requestCancelled, 'aborted', error);
      const bad = error instanceof AiError && BAD_ANSWER_KINDS.has(error.reason);
      last = new QuotationStepError(
        error instanceof AiError ? error.userMessage : MESSAGES.unknownError,
        bad ? 'bad_answer' : 'exception',
        error,
      );
      waitMs = bad ? badAnswerRetryWaitMs(attempt) : exceptionRetryWaitMs(attempt + 1);
    }
    if (attempt < maxRetries) await pause(job, waitMs);
  }
  throw last;
}

/** Waits `ms` × pauseScale on the gateway's clock (simulated in tests), cancelled with the run. */
export async function pause(job: QuotationJob, ms: number): Promise<void> {
  const scaled = ms * job.ctx.pauseScale;
  job.waits.push(scaled);
  if (scaled <= 0) return;
  await job.ctx.deps.clock.sleep(scaled, job.ctx.signal).catch((error: unknown) => {
    throw new QuotationStepError(MESSAGES.requestCancelled, 'aborted', error);
  });
}
