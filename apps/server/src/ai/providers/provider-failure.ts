import { AiError, aiErrors } from '../ai-error.ts';
import { TimeoutSignal } from '../clock.ts';

/**
 * Maps whatever an SDK threw to an `AiError`, using the abort reason to tell timeouts from cancels.
 * `echo: false` (a company's own endpoint): only the status is kept, never the body the server sent.
 */
export function toAiError(error: unknown, signal: AbortSignal, echo = true): AiError {
  if (error instanceof AiError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof TimeoutSignal ? aiErrors.timeout(reason.ms) : aiErrors.aborted();
  }
  const status = statusOf(error);
  if (status !== undefined) return aiErrors.http(status, echo ? providerMessage(error) : '');
  return aiErrors.network(error);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = Number((error as { status: unknown }).status);
  return Number.isInteger(status) && status >= 400 ? status : undefined;
}

/** The provider's own message, trimmed; SDK messages embed the JSON error body. */
function providerMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(raw);
  return (match?.[1] ?? raw).slice(0, 300);
}
