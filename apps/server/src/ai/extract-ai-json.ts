// TODO(domain): move to @rr/domain — the AI answer JSON extraction rule (Q §7 Responses).

export type ExtractedAnswer =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'missing' | 'parse' | 'answer_error'; detail?: string };

/**
 * Takes an answer in any of the spec's forms — `batchResults[0].result`, `processedText` (JSON,
 * possibly in code fences or with prose around it), `error`, or the model's raw text — and returns
 * the JSON value inside. Nothing there is `missing`; text without a complete JSON value is `parse`.
 */
export function extractAiJson(answer: unknown, depth = 0): ExtractedAnswer {
  if (depth > 4) return { ok: false, reason: 'parse', detail: 'nested too deeply' };
  if (answer === null || answer === undefined) return { ok: false, reason: 'missing' };
  if (typeof answer === 'string') {
    const text = answer.trim();
    if (text === '') return { ok: false, reason: 'missing' };
    const parsed = parseJsonText(text);
    if (!parsed.ok) return parsed;
    return isEnvelope(parsed.value) ? extractAiJson(parsed.value, depth + 1) : parsed;
  }
  if (typeof answer !== 'object') return { ok: true, value: answer };
  if (!isEnvelope(answer)) return { ok: true, value: answer };
  const env = answer as Record<string, unknown>;
  if ('batchResults' in env) {
    const first = Array.isArray(env.batchResults) ? env.batchResults[0] : undefined;
    if (first === undefined || first === null) return { ok: false, reason: 'missing' };
    if (typeof first === 'object') {
      const item = first as Record<string, unknown>;
      if (item.error) return { ok: false, reason: 'answer_error', detail: String(messageOf(item.error)) };
      if (item.result !== undefined) return extractAiJson(item.result, depth + 1);
      if (item.processedText !== undefined) return extractAiJson(item.processedText, depth + 1);
      return { ok: false, reason: 'missing' };
    }
    return extractAiJson(first, depth + 1);
  }
  if ('processedText' in env) return extractAiJson(env.processedText, depth + 1);
  return { ok: false, reason: 'answer_error', detail: String(messageOf(env.error)) };
}

function isEnvelope(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.includes('batchResults') || keys.includes('processedText')) return true;
  // `{ error: ... }` alone (possibly with a status) is the extension's failure answer.
  return (
    keys.includes('error') && keys.every((k) => ['error', 'success', 'status', 'id', 'type'].includes(k))
  );
}

function messageOf(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'message' in error) return error.message;
  return error;
}

function parseJsonText(text: string): ExtractedAnswer {
  const direct = tryParse(text);
  if (direct.ok) return direct;
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1] !== undefined) {
    const fenced = tryParse(fence[1].trim());
    if (fenced.ok) return fenced;
  }
  const slice = firstBalancedJson(text);
  if (slice === undefined) return { ok: false, reason: 'parse', detail: 'no complete JSON value' };
  return tryParse(slice);
}

function tryParse(text: string): ExtractedAnswer {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, reason: 'parse', detail: (e as Error).message };
  }
}

/** The first `{…}` or `[…]` whose brackets balance (strings and escapes respected); none if cut off. */
function firstBalancedJson(text: string): string | undefined {
  for (let start = 0; start < text.length; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          const candidate = text.slice(start, i + 1);
          if (tryParse(candidate).ok) return candidate;
          break;
        }
      }
    }
  }
  return undefined;
}
