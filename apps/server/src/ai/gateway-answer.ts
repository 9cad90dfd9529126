import { extractAiJson } from '@rr/domain';
import type { z } from 'zod';
import { AiError, aiErrors } from './ai-error.ts';

// How the gateway reads a provider's answer (ai/gateway.ts, its call step).

/**
 * The domain rule (`extractAiJson`) reads the answer. Adapter: a model's text may itself be one of
 * the spec's answer forms (read once more), and the `error` form (Q §7) ends the request with the
 * answer's own message, where the domain rule only reports 'AI response missing'.
 */
export function parseAnswer<T>(answer: unknown, schema: z.ZodType<T>): T {
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

/** Provider messages may echo the request; the key must never reach the log or the caller. */
export function redactKey(error: AiError, apiKey: string | undefined): AiError {
  if (!apiKey || apiKey.length < 4 || !error.message.includes(apiKey)) return error;
  const clean = (text: string) => text.split(apiKey).join('***');
  return new AiError(
    error.reason,
    { ko: clean(error.userMessage.ko), en: clean(error.userMessage.en) },
    { status: error.providerStatus },
  );
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
