import { fail, issue, ok, type Result } from '../../result.ts';

const FENCE = /```(?:json|JSON|javascript|js)?\s*\n?([\s\S]*?)```/;

/** Finds the first balanced `{…}` or `[…]` in prose (strings and escapes respected). */
export function findJsonSlice(text: string): string | null {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Parses JSON text from an AI: plain, inside a code fence, or surrounded by prose. */
export function parseAiJsonText(text: string): Result<unknown> {
  const candidates = [
    text.trim(),
    FENCE.exec(text)?.[1]?.trim(),
    findJsonSlice(FENCE.exec(text)?.[1] ?? ''),
    findJsonSlice(text),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const parsed = tryParse(candidate);
    if (!parsed.ok) continue;
    // A JSON string holding JSON (double-encoded) is unwrapped once.
    if (typeof parsed.value === 'string') {
      const inner = tryParse(parsed.value);
      if (inner.ok && inner.value !== null && typeof inner.value === 'object') return ok(inner.value);
      continue;
    }
    return ok(parsed.value);
  }
  return fail([issue('aiResponseParseFailed')]);
}

interface AiAnswerItem {
  result?: unknown;
  processedText?: unknown;
  error?: unknown;
}

/**
 * Q §7 / W §7: the JSON of an extension/AI answer — `batchResults[0].result`, else `processedText`
 * (also at the top level), as an object or as text (plain, fenced or in prose).
 * Missing → 'AI response missing'; unparseable → 'response parsing failed'.
 */
export function extractAiJson(answer: unknown): Result<unknown> {
  if (answer === null || answer === undefined) return fail([issue('aiResponseMissing')]);
  if (typeof answer === 'string')
    return answer.trim() ? parseAiJsonText(answer) : fail([issue('aiResponseMissing')]);
  if (typeof answer !== 'object') return fail([issue('aiResponseMissing')]);
  const top = answer as AiAnswerItem & { batchResults?: unknown };
  const first = (Array.isArray(top.batchResults) ? top.batchResults[0] : undefined) as
    | AiAnswerItem
    | undefined;
  const candidate = [first?.result, first?.processedText, top.result, top.processedText].find(
    (v) => v !== undefined && v !== null && v !== '',
  );
  if (candidate === undefined) return fail([issue('aiResponseMissing')]);
  if (typeof candidate === 'string') return parseAiJsonText(candidate);
  return ok(candidate);
}
