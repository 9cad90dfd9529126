import { RocketProduct, TASK_STATUS_FIELD_LIST } from '@rr/domain';

// Dotted-path partial updates (W §7 updatePartial: `options.{i}.mainImageStatus`,
// `coupangDoc.jsonDocument.0.productPage.brand`). Paths are checked here; the repository applies
// them all in one UPDATE.

const NAME = /^[A-Za-z_]\w*$/;
const INDEX = /^(0|[1-9]\d*)$/;
/** Array slots further out than this are refused (a typo must not pad an array with thousands of nulls). */
export const MAX_ARRAY_INDEX = 5000;
export const MAX_PATH_DEPTH = 32;
export const MAX_UPDATE_FIELDS = 500;

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Fields the server owns: never written through a client update. */
export const SERVER_FIELDS = new Set([
  '_id',
  'registrationId',
  'createdAt',
  'updatedAt',
  'source',
  'completeness',
  'fieldSources',
]);

/**
 * Fields only the server writes: a client's copy is dropped from whole documents and refused in
 * partial updates. rocketRegInfo (regproduct) holds the category schema documents are validated
 * with; coupangRegistration is Coupang's answer, written by the register task and the approval sync.
 */
export const SERVER_WRITTEN_FIELDS = new Set(['rocketRegInfo', 'coupangRegistration', 'coupangDocuments']);

/** Top-level fields a partial update may write: the domain product's fields plus a few of ours. */
export const UPDATABLE_TOP_LEVEL = new Set(
  [
    ...Object.keys(RocketProduct.shape),
    'subject',
    'subjectTrans',
    'productShippingInfo',
    'productAttribute',
    'defaultSettings',
    'priceTiers',
    'minOrderQuantity',
    'importWarnings',
    'splitFrom',
    'splitGroup',
  ].filter((f) => !SERVER_FIELDS.has(f)),
);

/**
 * Issue 40: the runner owns task statuses. A client's partial update may not write one, on the
 * product (`seoStatus`) or on an option (`options.{i}.mainImageStatus`), nor the detail images' status
 * record; the seller's explicit actions that set one are server calls (docs/architecture.md).
 */
const STATUS_FIELDS = new Set<string>([...TASK_STATUS_FIELD_LIST, 'detailImageStatusObj']);
export function isTaskStatusPath(segments: readonly string[]): boolean {
  if (STATUS_FIELDS.has(segments[0]!)) return true;
  return segments[0] === 'options' && INDEX.test(segments[1] ?? '') && STATUS_FIELDS.has(segments[2] ?? '');
}

export type PathProblem = { path: string; reason: string };

export type ParsedUpdate = { segments: string[]; value: unknown };

/** Checks every path; answers the parsed list, or the problems (nothing is applied then). */
export function parseUpdateFields(
  fields: Record<string, unknown>,
  /**
   * `byServer`: the server's own write (tasks, the runner). `withStatus`: a seller's explicit action
   * the spec lets set its task's status (updateFeature, manual SEO); a client's updatePartial never.
   */
  opts: { byServer?: boolean; withStatus?: boolean } = {},
): { ok: true; updates: ParsedUpdate[] } | { ok: false; problems: PathProblem[] } {
  const problems: PathProblem[] = [];
  const updates: ParsedUpdate[] = [];
  const keys = Object.keys(fields);
  if (keys.length === 0) problems.push({ path: '', reason: 'no fields' });
  if (keys.length > MAX_UPDATE_FIELDS)
    problems.push({ path: '', reason: `more than ${MAX_UPDATE_FIELDS} fields` });
  for (const path of keys) {
    const segments = path.split('.');
    const problem =
      !opts.byServer && SERVER_WRITTEN_FIELDS.has(segments[0]!)
        ? `${segments[0]} is set by the server`
        : !opts.byServer && !opts.withStatus && isTaskStatusPath(segments)
          ? 'a task status is written by the workflow'
          : checkSegments(segments);
    if (problem) {
      problems.push({ path, reason: problem });
      continue;
    }
    const value = fields[path];
    if (value === undefined) {
      problems.push({ path, reason: 'value missing' });
      continue;
    }
    updates.push({ segments, value });
  }
  // Two paths where one contains the other would depend on their order: refused (in one pass over the
  // sorted paths: a path's extensions sort right after it).
  const joined = updates.map((u) => u.segments.join('.')).sort();
  for (let i = 0; i + 1 < joined.length; i++) {
    const a = joined[i]!;
    for (let j = i + 1; j < joined.length && joined[j]!.startsWith(a); j++) {
      if (joined[j]!.startsWith(`${a}.`)) problems.push({ path: joined[j]!, reason: `overlaps ${a}` });
    }
  }
  // An array index and a field name under the same parent would also depend on their order.
  const kinds = new Map<string, { path: string; index: boolean }>();
  for (const u of updates) {
    for (let i = 1; i < u.segments.length; i++) {
      const parent = u.segments.slice(0, i).join('.');
      const index = INDEX.test(u.segments[i]!);
      const seen = kinds.get(parent);
      if (!seen) kinds.set(parent, { path: u.segments.join('.'), index });
      else if (seen.index !== index)
        problems.push({
          path: u.segments.join('.'),
          reason: `mixes array indexes and field names with ${seen.path}`,
        });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, updates };
}

/** All paths of one update as one tree, for rr_jsonb_apply_tree (migration 0021): one pass over the document. */
export type UpdateTree = { v: unknown } | { c: Record<string, UpdateTree>; a?: true };

export function updateTree(updates: readonly ParsedUpdate[]): UpdateTree {
  const root: { c: Record<string, UpdateTree>; a?: true } = { c: {} };
  for (const u of updates) {
    let node = root;
    u.segments.forEach((segment, i) => {
      if (INDEX.test(segment)) node.a = true;
      if (i === u.segments.length - 1) {
        Object.defineProperty(node.c, segment, {
          value: { v: u.value },
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return;
      }
      let next = Object.hasOwn(node.c, segment) ? node.c[segment] : undefined;
      if (!next || 'v' in next) {
        next = { c: {} };
        Object.defineProperty(node.c, segment, {
          value: next,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      node = next as { c: Record<string, UpdateTree>; a?: true };
    });
  }
  return root;
}

function checkSegments(segments: string[]): string | null {
  if (segments.length > MAX_PATH_DEPTH) return 'path too deep';
  for (const s of segments) {
    if (s === '') return 'empty segment';
    if (FORBIDDEN_SEGMENTS.has(s)) return `forbidden segment ${s}`;
    if (INDEX.test(s)) {
      if (Number(s) > MAX_ARRAY_INDEX) return 'array index too large';
      continue;
    }
    if (!NAME.test(s)) return `invalid segment ${s}`;
  }
  const top = segments[0]!;
  if (INDEX.test(top)) return 'a path starts with a field name';
  if (SERVER_FIELDS.has(top)) return `${top} is set by the server`;
  if (!UPDATABLE_TOP_LEVEL.has(top)) return `unknown field ${top}`;
  return null;
}

/** Removes server-owned fields and forbidden keys (deeply) from a whole document sent by a client. */
export function sanitizeDocument(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (SERVER_FIELDS.has(k) || SERVER_WRITTEN_FIELDS.has(k) || FORBIDDEN_SEGMENTS.has(k)) continue;
    out[k] = stripForbidden(v);
  }
  return out;
}

function stripForbidden(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripForbidden);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '__proto__') continue;
      out[k] = stripForbidden(v);
    }
    return out;
  }
  return value;
}
