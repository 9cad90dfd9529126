import { DETAIL_PAGE_REFERENCE, isCjkCodePoint, isRecord } from '@rr/domain';
import { workKey } from '../prompts/index.ts';
import type { AiProvider, ProviderRequest } from './provider.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
  maxLength?: number;
  minimum?: number;
};

/**
 * No network, no key: a deterministic answer built from the request's own product data (each work's
 * `offline` builder), then fitted to the expected JSON Schema so the answer always has the shape
 * the caller asked for. Answers come in the spec's `batchResults[0].result` form.
 */
export function createOfflineProvider(
  builders: ReadonlyMap<string, (payload: unknown) => unknown>,
): AiProvider {
  return {
    name: 'offline',
    model: 'offline',
    async generate(request: ProviderRequest) {
      const builder = builders.get(workKey(request.workType, request.task)) ?? builders.get(request.workType);
      let value: unknown;
      try {
        value = builder?.(request.payload);
      } catch {
        value = undefined; // the payload is not this work's input: the schema alone shapes the answer
      }
      const result = fitToSchema(value, request.jsonSchema as JsonSchema);
      // Image lines have their own mark (translation `offline`): not reported as phrases.
      const untranslated = request.workType === 'AI_TRANSLATE' ? [] : untranslatedPhrases(result);
      return { batchResults: [{ result }], ...(untranslated.length ? { untranslated } : {}) };
    },
  };
}

/** Answer fields that repeat the request's own text (the source line, the original): not the answer's words. */
const ECHO_KEYS = new Set(['ch', 'original', 'source', 'sourceText']);

/**
 * The Chinese the offline answer still holds: phrases its table could not translate whole, which it
 * leaves as written (issue 20: a phrase is left for the seller, never swapped for another word).
 */
export function untranslatedPhrases(value: unknown, out = new Set<string>()): string[] {
  if (typeof value === 'string') {
    let run = '';
    for (const ch of `${value} `) {
      if (isCjkCodePoint(ch.codePointAt(0) as number)) run += ch;
      else if (run) {
        out.add(run);
        run = '';
      }
    }
  } else if (Array.isArray(value)) {
    for (const v of value) untranslatedPhrases(v, out);
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) if (!ECHO_KEYS.has(k)) untranslatedPhrases(v, out);
  }
  return [...out];
}

/** Keeps what already fits the schema and fills the rest with neutral values. */
export function fitToSchema(value: unknown, schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.includes(value) ? value : schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const exact = variants.find((v) => matchesType(value, v));
    return fitToSchema(value, exact ?? variants.find((v) => v.type !== 'null') ?? variants[0]!);
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const source = isRecord(value) ? value : {};
      const out: Record<string, unknown> = { ...source };
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (key in source || schema.required?.includes(key)) out[key] = fitToSchema(source[key], sub);
      }
      return out;
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const fitted = items.map((item) => fitToSchema(item, schema.items ?? {}));
      while (fitted.length < (schema.minItems ?? 0)) fitted.push(fitToSchema(undefined, schema.items ?? {}));
      return fitted;
    }
    case 'string': {
      const text = typeof value === 'string' ? value : DETAIL_PAGE_REFERENCE;
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? value : Math.ceil(schema.minimum ?? 0);
    case 'number':
      return typeof value === 'number' ? value : (schema.minimum ?? 0);
    case 'boolean':
      return typeof value === 'boolean' ? value : false;
    case 'null':
      return null;
    default:
      return value === undefined ? null : value;
  }
}

function matchesType(value: unknown, schema: JsonSchema): boolean {
  const t = schema.type;
  if (value === null) return t === 'null';
  if (Array.isArray(value)) return t === 'array';
  if (typeof value === 'number') return t === 'number' || t === 'integer';
  return typeof value === t;
}
