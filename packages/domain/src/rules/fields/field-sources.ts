import { isRecord } from '../../records.ts';

// Issue 11 "What the seller entered is never lost": every field a task writes records where its
// value came from (doc.fieldSources: dotted path → source | ai | offline | seller; `offline` is an AI
// value the offline demo provider wrote, not a model: issue 20); a value the seller edited
// is never overwritten by a later run. A task replaces only empty or AI/source-written values and
// says which it skipped, so re-running a task is always safe.

// `collected`: keywords read on Coupang's search by the seller's extension (issue 42).
export const FIELD_SOURCES = ['source', 'ai', 'offline', 'seller', 'collected'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];
export type FieldSources = Record<string, FieldSource>;

/** The stored map, keeping only well-formed entries. */
export function readFieldSources(value: unknown): FieldSources {
  const out: FieldSources = {};
  if (!isRecord(value)) return out;
  for (const [path, source] of Object.entries(value)) {
    if ((FIELD_SOURCES as readonly unknown[]).includes(source)) out[path] = source as FieldSource;
  }
  return out;
}

const isAncestorOrSelf = (ancestor: string, path: string) =>
  path === ancestor || path.startsWith(`${ancestor}.`);

/** Empty for a task: missing, null, blank text, an empty list or an empty object. */
export function isEmptyFieldValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

/**
 * Fields that record progress, not content: statuses, request bookkeeping, dates. A seller's write
 * of one (a retry button resetting a status) is not an edit a task must respect.
 */
export function isTrackedContentPath(path: string): boolean {
  return !path
    .split('.')
    .some(
      (s) =>
        /Status(Obj)?$/.test(s) ||
        s === 'fieldSources' ||
        s === 'updatedAt' ||
        s === 'lastModified' ||
        s === 'processError',
    );
}

/** The most specific mark that applies to a path (its own, else its nearest marked parent). */
export function findFieldSource(sources: FieldSources, path: string): FieldSource | undefined {
  const segments = path.split('.');
  for (let n = segments.length; n > 0; n--) {
    const mark = sources[segments.slice(0, n).join('.')];
    if (mark) return mark;
  }
  return undefined;
}

/** Marks paths as the seller's; a marked path's descendants' older marks are dropped (it covers them). */
export function markSellerPaths(sources: FieldSources, paths: readonly string[]): FieldSources {
  const tracked = paths.filter(isTrackedContentPath);
  if (tracked.length === 0) return sources;
  const out: FieldSources = {};
  for (const [path, source] of Object.entries(sources)) {
    if (!tracked.some((p) => p !== path && isAncestorOrSelf(p, path))) out[path] = source;
  }
  for (const p of tracked) out[p] = 'seller';
  return out;
}

/**
 * Paths whose values differ between two documents: leaves of objects and of equal-length lists;
 * a list whose length changed, or a value whose type changed, is one path. `ignoreTop` names
 * top-level fields left out (server fields).
 */
export function diffPaths(
  before: unknown,
  after: unknown,
  ignoreTop: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, prefix: string) => {
    if (isRecord(a) && isRecord(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (prefix === '' && ignoreTop.has(key)) continue;
        walk(a[key], b[key], prefix ? `${prefix}.${key}` : key);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      for (const [i, item] of a.entries()) walk(item, b[i], prefix ? `${prefix}.${i}` : String(i));
      return;
    }
    if (!sameValue(a, b) && prefix !== '') out.push(prefix);
  };
  walk(before, after, '');
  return out.filter(isTrackedContentPath);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A field absent on one side and null on the other is no edit.
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** The value at a dotted path of a document (undefined when any step is missing). */
export function readDocumentPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const s of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(s)) cur = cur[Number(s)];
    else if (isRecord(cur)) cur = Object.hasOwn(cur, s) ? cur[s] : undefined;
    else return undefined;
  }
  return cur;
}

function writeRelative(target: unknown, segments: readonly string[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(target) ? [...target] : [];
    const i = Number(head);
    while (list.length < i) list.push(null);
    list[i] = writeRelative(list[i], rest, value);
    return list;
  }
  const obj = isRecord(target) ? { ...target } : {};
  Object.defineProperty(obj, head, {
    value: writeRelative(obj[head], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return obj;
}

export type TaskWritePlan = {
  /** Paths and the values to write (seller-edited parts inside them already put back). */
  updates: Array<{ path: string; value: unknown }>;
  /** The new fieldSources map to store with them. */
  fieldSources: FieldSources;
  written: string[];
  /** Seller-edited paths left as they were. */
  skipped: string[];
};

/**
 * Decides a task's write against the stored document. A path is left alone when the seller edited
 * it (or a parent of it) and its current value is not empty; seller-edited parts inside a written
 * value are put back as they are. Everything written is recorded with `source`.
 */
export function planTaskWrite(
  doc: unknown,
  sources: FieldSources,
  updates: Readonly<Record<string, unknown>>,
  source: Exclude<FieldSource, 'seller'>,
): TaskWritePlan {
  const next: FieldSources = { ...sources };
  const plan: TaskWritePlan = { updates: [], fieldSources: next, written: [], skipped: [] };
  const sellerPaths = Object.keys(sources).filter(
    (p) => sources[p] === 'seller' && !isEmptyFieldValue(readDocumentPath(doc, p)),
  );
  for (const [path, value] of Object.entries(updates)) {
    if (sellerPaths.some((p) => isAncestorOrSelf(p, path))) {
      plan.skipped.push(path);
      continue;
    }
    const inside = sellerPaths.filter((p) => p.startsWith(`${path}.`));
    let merged = value;
    if (inside.length > 0) {
      if (value === null || typeof value !== 'object') {
        plan.skipped.push(path);
        continue;
      }
      for (const p of inside) {
        merged = writeRelative(merged, p.slice(path.length + 1).split('.'), readDocumentPath(doc, p));
      }
      plan.skipped.push(...inside);
    }
    for (const p of Object.keys(next)) {
      if (isAncestorOrSelf(path, p) && !inside.includes(p)) delete next[p];
    }
    next[path] = source;
    plan.updates.push({ path, value: merged });
    plan.written.push(path);
  }
  return plan;
}

/**
 * The value a path will hold after a task writes `value` there: the task's value with the seller's
 * edits inside it put back, or the stored value when the seller's edit covers the whole path. Lets
 * a task draw an image from what will actually be stored.
 */
export function resolveTaskValue(doc: unknown, sources: FieldSources, path: string, value: unknown): unknown {
  const plan = planTaskWrite(doc, sources, { [path]: value }, 'ai');
  return plan.updates.length > 0 ? plan.updates[0]!.value : readDocumentPath(doc, path);
}
