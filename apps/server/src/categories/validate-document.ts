import { createHash } from 'node:crypto';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

// Documents are checked with Ajv against the stored category schema of their displayCategoryCode
// (never a schema sent by a client: a pattern could backtrack for hours on the event loop).
// Messages come from the schema's own `title` (required fields) and `description` (attribute and
// notice rules).

export const MAX_COMPILED_SCHEMAS = 64;

/**
 * One Ajv instance and its compiled validators by SHA-256 of the schema text, least recently used
 * out first (Ajv keeps every compiled schema otherwise). Built once per container
 * (`container.documents`); a process never compiles the same schema twice while it is in use.
 */
export function createDocumentValidator() {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  const compiled = new Map<string, { fn: ValidateFunction; schema: object }>();

  function compile(schemaString: string): ValidateFunction {
    const key = createHash('sha256').update(schemaString).digest('hex');
    const hit = compiled.get(key);
    if (hit) {
      compiled.delete(key);
      compiled.set(key, hit);
      return hit.fn;
    }
    const schema = JSON.parse(schemaString) as Record<string, unknown>;
    delete schema.$id; // the same category may be compiled again after a schema update
    const fn = ajv.compile(schema);
    compiled.set(key, { fn, schema });
    if (compiled.size > MAX_COMPILED_SCHEMAS) {
      const [oldestKey, oldest] = compiled.entries().next().value!;
      compiled.delete(oldestKey);
      ajv.removeSchema(oldest.schema);
    }
    return fn;
  }

  return {
    /** The document checked against the schema text (a stored category schema, never a client's). */
    validate(schemaString: string, document: unknown): { valid: boolean; errors: DocumentIssue[] } {
      return issuesOf(compile(schemaString), document);
    },
    /** How many compiled schemas this validator holds (ours and Ajv's own cache): both stay bounded. */
    compiledCounts(): { validators: number; ajv: number } {
      return {
        validators: compiled.size,
        ajv: (ajv as unknown as { _cache: Map<unknown, unknown> })._cache.size,
      };
    },
  };
}
export type DocumentValidator = ReturnType<typeof createDocumentValidator>;

export type DocumentIssue = { path: string; message: string };

function issuesOf(
  validate: ValidateFunction,
  document: unknown,
): { valid: boolean; errors: DocumentIssue[] } {
  const valid = validate(document) as boolean;
  if (valid) return { valid, errors: [] };
  const errors: DocumentIssue[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    const issue = toIssue(e);
    if (!issue) continue;
    const key = `${issue.path}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(issue);
  }
  if (errors.length === 0) errors.push({ path: '', message: '문서 형식이 올바르지 않습니다.' });
  return { valid, errors };
}

function toIssue(e: ErrorObject): DocumentIssue | null {
  const parent = (e.parentSchema ?? {}) as {
    title?: string;
    description?: string;
    properties?: Record<string, { title?: string }>;
  };
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    const title = parent.properties?.[missing]?.title ?? missing;
    return { path: `${e.instancePath}/${missing}`, message: `${title}이(가) 필수입니다.` };
  }
  if (e.keyword === 'if' || e.keyword === 'allOf') return null;
  if (parent.description) return { path: e.instancePath, message: parent.description };
  // Inner keywords of an unnamed sub-schema are noise: the named schema around them reports.
  if (!parent.title) return null;
  if (e.keyword === 'type')
    return { path: e.instancePath, message: `${parent.title}의 형식이 올바르지 않습니다.` };
  return { path: e.instancePath, message: `${parent.title}이(가) 필수입니다.` };
}
