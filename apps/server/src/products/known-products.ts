import { isRecord } from '@rr/domain';
import type { KnownDocuments, StoredValue } from './product-caches.ts';
import type { ParsedUpdate } from './update-paths.ts';

// What this process knows of a product at one row version, carried from one of its own writes to
// the next (issue 25: an updatePartial whose inputs are all known needs no read before its UPDATE).
// The write that follows is conditioned on that version (xmin), so knowledge that is out of date
// costs a read; what must never happen is knowledge that is wrong AT that version. So a stored value
// is carried past a write only when the write provably left it alone: rr_jsonb_set_path (migration
// 0011) replaces a container on the written path whose type is not the one the path needs (an
// object where an index follows, …), and everything under it goes. The containers whose type this
// process has seen at the version (made by its own writes) are remembered for that reason.

type Known = Pick<KnownDocuments, 'paths' | 'containers'>;

const isIndex = (segment: string) => /^[0-9]+$/.test(segment);
const under = (path: string, prefix: string) =>
  prefix === '' || path === prefix || path.startsWith(`${prefix}.`);

/** An option document path (coupangDoc.jsonDocument.{i}…): those values are the known documents. */
function inOptionDocument(segments: readonly string[]): boolean {
  return segments.length >= 3 && segments[0] === 'coupangDoc' && segments[1] === 'jsonDocument';
}

/**
 * The known values and containers after `updates` were written at the known version (and, with
 * `marks`, doc.fieldSources). Values the write may have changed are dropped; written values are known.
 */
export function knownAfterWrite(before: Known, updates: readonly ParsedUpdate[], marks: boolean): Known {
  if (!before.paths) return {};
  const paths = new Map(before.paths);
  const containers = new Map(before.containers ?? []);
  const drop = (prefix: string) => {
    for (const p of [...paths.keys()]) if (under(p, prefix)) paths.delete(p);
    for (const p of [...containers.keys()]) if (under(p, prefix)) containers.delete(p);
  };
  if (marks) drop('fieldSources');
  for (const u of updates) {
    const segments = u.segments;
    const written = segments.join('.');
    // The first container on the path whose type is not known to be the one the path needs.
    let replaced = -1;
    for (let d = 0; d < segments.length; d++) {
      const need = isIndex(segments[d]!) ? 'array' : 'object';
      const is = d === 0 ? 'object' : containers.get(segments.slice(0, d).join('.'));
      if (is !== need) {
        replaced = d;
        break;
      }
    }
    drop(replaced === -1 ? written : segments.slice(0, replaced).join('.'));
    // A known value that holds the written path changed with it.
    for (const p of [...paths.keys()]) if (written.startsWith(`${p}.`)) paths.delete(p);
    for (let d = 1; d < segments.length; d++)
      containers.set(segments.slice(0, d).join('.'), isIndex(segments[d]!) ? 'array' : 'object');
    if (u.value === undefined || inOptionDocument(segments)) continue;
    const value = JSON.parse(JSON.stringify(u.value)) as unknown;
    paths.set(written, { v: value });
    if (Array.isArray(value)) containers.set(written, 'array');
    else if (isRecord(value)) containers.set(written, 'object');
  }
  return { paths, containers };
}

/** The known entry with the values a sparse read found at the same version added. */
export function withReadValues(
  known: KnownDocuments,
  read: ReadonlyMap<string, StoredValue>,
): KnownDocuments {
  const paths = new Map(known.paths ?? []);
  for (const [p, v] of read) paths.set(p, v);
  return { ...known, paths, containers: known.containers ?? new Map() };
}

/**
 * The sparse document findDocumentUpdateBase would read at the known version (the written paths'
 * values, the touched option documents in an array of the stored length, importStatus), or
 * undefined when something it needs is not known.
 */
export function sparseFromKnown(
  known: KnownDocuments,
  touched: readonly number[],
  paths: readonly string[],
): Record<string, unknown> | undefined {
  const values = known.paths;
  if (!values?.has('importStatus') || paths.some((p) => !values.has(p))) return undefined;
  const docs = known.docs;
  if (docs !== null && docs !== undefined && !Array.isArray(docs)) return undefined;
  const doc: Record<string, unknown> = {};
  for (const p of paths) {
    const found = values.get(p)!;
    if (Object.hasOwn(found, 'v')) writeSparse(doc, p.split('.'), found.v);
  }
  if (Array.isArray(docs)) {
    const jsonDocument: unknown[] = new Array(docs.length);
    for (const index of touched) {
      const entry: unknown = docs[index];
      if (index < docs.length && entry !== null && entry !== undefined) jsonDocument[index] = entry;
    }
    const coupangDoc = isRecord(doc.coupangDoc) ? doc.coupangDoc : {};
    writeSparse(doc, ['coupangDoc'], { ...coupangDoc, jsonDocument });
  }
  const importStatus = values.get('importStatus')!.v;
  if (importStatus !== null && importStatus !== undefined) doc.importStatus = importStatus;
  return doc;
}

/** Sets a value at a path of plain objects (no prototype keys: defineProperty, as findPathValues). */
export function writeSparse(
  root: Record<string, unknown>,
  segments: readonly string[],
  value: unknown,
): void {
  let node = root;
  for (const [k, segment] of segments.entries()) {
    const next = k === segments.length - 1 ? value : isRecord(node[segment]) ? node[segment] : {};
    Object.defineProperty(node, segment, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    node = next as Record<string, unknown>;
  }
}

/** Roughly the bytes of a known entry's values (their JSON text). */
export function knownBytes(known: Pick<KnownDocuments, 'docs' | 'paths'>): number {
  let bytes = JSON.stringify(known.docs ?? null).length;
  for (const [p, v] of known.paths ?? []) bytes += p.length + JSON.stringify(v).length;
  return bytes;
}
