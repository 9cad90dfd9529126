import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@rr/domain';

/** A JSON text as a request body is read: depth, then the parse, then no `__proto__` key anywhere. */
export type ParsedJsonText = { value: unknown } | { tooDeep: true } | { invalid: string };

/**
 * JSON text as the request parser reads it, in the work pool or on the loop: the depth is checked
 * first by a scan without recursion (MAX_JSON_DEPTH), so neither JSON.parse nor any recursive code
 * sees a body nested deeper; a `__proto__` key anywhere refuses it, as Fastify's parser does
 * (protoAction 'error').
 */
export function parseJsonText(text: string): ParsedJsonText {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return { tooDeep: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { invalid: (error as Error).message };
  }
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node) && Object.hasOwn(node, '__proto__'))
      return { invalid: 'Object contains forbidden prototype property' };
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push(child);
  }
  return { value };
}

export const JSON_TOO_DEEP = {
  ko: `요청 JSON의 중첩이 너무 깊습니다 (최대 ${MAX_JSON_DEPTH}단계).`,
  en: `The request JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
};
