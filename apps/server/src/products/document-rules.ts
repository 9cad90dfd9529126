import type { SettingsView } from '@rr/contracts';
import {
  CategorySchema,
  type DocumentChange,
  diffPaths,
  explainDocumentChanges,
  isRecord,
  MESSAGES,
  type NormalizeContext,
  normalizeRegistrationDocument,
  type RegistrationDocument,
} from '@rr/domain';
import type { ParsedUpdate } from './update-paths.ts';

// "Document rules on every save": every write of a registration document (the quotation task,
// update, updatePartial, saveItems, add to registration) passes the domain's normalisation
// (normalizeRegistrationDocument) with the category schema stored with the product and the
// seller's default settings. What the rules changed is answered with the reason.

/**
 * A product document as a client sent it (not checked beyond RocketProductInput) or as stored: the
 * rules read it defensively, since a sent document may hold anything.
 */
type ProductDoc = Readonly<Record<string, unknown>>;

/** The seller's default settings as the rules read them (settings-repository's readDefaultSettings). */
export type DefaultSettingsView = SettingsView['defaultSettings'];

/** A change the rules made to what was sent: `path` is the product path (coupangDoc.jsonDocument.0.…). */
export type StoredChange = Omit<DocumentChange, 'path'> & { path: string; optionIndex: number };

export function normalizeContextOf(doc: ProductDoc, settings: DefaultSettingsView): NormalizeContext {
  const info = isRecord(doc.rocketRegInfo) ? doc.rocketRegInfo : {};
  const parsed = isRecord(info.schemaInfo) ? CategorySchema.safeParse(info.schemaInfo) : undefined;
  return normalizeContextWith(parsed?.success ? parsed.data : undefined, doc, settings);
}

/** The same with the product's category schema already parsed (`doc` gives importStatus only). */
export function normalizeContextWith(
  schema: CategorySchema | undefined,
  doc: ProductDoc,
  settings: DefaultSettingsView,
): NormalizeContext {
  return {
    ...(schema ? { schema } : {}),
    settings: {
      asInfo: settings.asInfo,
      manufacturer: settings.manufacturer,
      importer: settings.importer,
      importStatus: settings.importStatus,
      origin: settings.origin,
    },
    ...(typeof doc.importStatus === 'string' && doc.importStatus ? { importStatus: doc.importStatus } : {}),
  };
}

/** Where the default settings are read (the product repository, inside the caller's transaction). */
export type DefaultSettingsSource = {
  readDefaultSettings(companyId: string): Promise<DefaultSettingsView>;
};

export async function loadNormalizeContext(
  settings: DefaultSettingsSource,
  companyId: string,
  doc: ProductDoc,
) {
  return normalizeContextOf(doc, await settings.readDefaultSettings(companyId));
}

/** One option document through the rules, with what changed. */
export function normalizeOptionDocument(
  sent: RegistrationDocument,
  context: NormalizeContext,
): { doc: RegistrationDocument; changes: DocumentChange[] } {
  const doc = normalizeRegistrationDocument(sent, context);
  return { doc, changes: explainDocumentChanges(sent, doc) };
}

/** A whole product document (update, saveItems): every option document through the rules. */
export function normalizeProductDocuments(
  doc: ProductDoc,
  context: NormalizeContext,
): { doc: ProductDoc; changes: StoredChange[] } {
  const coupangDoc = doc.coupangDoc;
  if (!isRecord(coupangDoc) || !Array.isArray(coupangDoc.jsonDocument)) return { doc, changes: [] };
  const changes: StoredChange[] = [];
  const jsonDocument = coupangDoc.jsonDocument.map((entry, i) => {
    if (!isRecord(entry)) return entry;
    const r = normalizeOptionDocument(entry as RegistrationDocument, context);
    for (const c of r.changes)
      changes.push({ ...c, optionIndex: i, path: `coupangDoc.jsonDocument.${i}.${c.path}` });
    return r.doc;
  });
  return { doc: { ...doc, coupangDoc: { ...coupangDoc, jsonDocument } }, changes };
}

/** Option indexes a partial update writes inside (coupangDoc.jsonDocument.{i}…), or 'all'. */
export function touchedDocuments(updates: readonly ParsedUpdate[]): Set<number> | 'all' | null {
  const touched = new Set<number>();
  for (const u of updates) {
    const [a, b, c] = u.segments;
    if (a !== 'coupangDoc') continue;
    if (b === undefined || (b === 'jsonDocument' && c === undefined)) return 'all';
    if (b === 'jsonDocument' && c !== undefined && /^\d+$/.test(c)) touched.add(Number(c));
  }
  return touched.size ? touched : null;
}

export function touchesDocuments(updates: readonly ParsedUpdate[]): boolean {
  return touchedDocuments(updates) !== null;
}

/**
 * updatePartial: the option documents the updates write are rebuilt in memory from the current
 * product and normalised; each written path gets the normalised value at that path (the same
 * paths, so concurrent writes of other fields survive, and fields the seller did not write stay as
 * they are stored). Answers the updates to apply and what the rules changed in them.
 */
export function normalizePartialUpdates(
  current: ProductDoc,
  updates: readonly ParsedUpdate[],
  context: NormalizeContext,
): { updates: ParsedUpdate[]; changes: StoredChange[] } {
  const touched = touchedDocuments(updates);
  if (touched === null) return { updates: [...updates], changes: [] };
  const after = applyInMemory(current, updates);
  const coupangDoc = isRecord(after.coupangDoc) ? after.coupangDoc : {};
  const docs = Array.isArray(coupangDoc.jsonDocument) ? coupangDoc.jsonDocument : [];
  const indexes = touched === 'all' ? docs.map((_, i) => i) : [...touched];
  const normalized = new Map<number, RegistrationDocument>();
  const changes: StoredChange[] = [];
  for (const i of indexes) {
    const entry = docs[i];
    if (!isRecord(entry)) continue;
    const r = normalizeOptionDocument(entry as RegistrationDocument, context);
    normalized.set(i, r.doc);
    for (const c of r.changes)
      changes.push({ ...c, optionIndex: i, path: `coupangDoc.jsonDocument.${i}.${c.path}` });
  }
  const written: string[] = [];
  const out: ParsedUpdate[] = updates.map((u) => {
    const [a, b, c] = u.segments;
    written.push(u.segments.join('.'));
    if (a !== 'coupangDoc') return u;
    if (b === undefined) {
      const jsonDocument = docs.map((d, i) => normalized.get(i) ?? d);
      return { segments: u.segments, value: { ...coupangDoc, jsonDocument } };
    }
    if (b === 'jsonDocument' && c === undefined) {
      return { segments: u.segments, value: docs.map((d, i) => normalized.get(i) ?? d) };
    }
    const doc = normalized.get(Number(c));
    if (b === 'jsonDocument' && doc) {
      const value = readByName(docs[Number(c)], doc, u.segments.slice(3));
      return { segments: u.segments, value: value === undefined ? u.value : value };
    }
    return u;
  });
  // Only what was written is reported (a list the rules shortened is reported at its own path).
  const report = changes.filter((ch) =>
    written.some((w) => ch.path === w || ch.path.startsWith(`${w}.`) || w.startsWith(`${ch.path}.`)),
  );
  return { updates: out, changes: report };
}

/**
 * update (a whole product): only the option-document fields that differ from the stored product
 * pass the rules (as if written one by one with updatePartial); the rest is stored as it was.
 */
export function normalizeChangedDocuments(
  stored: ProductDoc,
  sent: ProductDoc,
  context: NormalizeContext,
): { doc: ProductDoc; changes: StoredChange[] } {
  const changed = diffPaths(stored.coupangDoc ?? null, sent.coupangDoc ?? null)
    .map((p) => (p === '' ? ['coupangDoc'] : ['coupangDoc', ...p.split('.')]))
    .filter((segments) => segments.length > 3 || segments.length === 1);
  if (changed.length === 0) return { doc: sent, changes: [] };
  const updates = changed.map((segments) => ({ segments, value: readSegments(sent, segments) ?? null }));
  const r = normalizePartialUpdates(stored, updates, context);
  const doc = applyInMemory(sent, r.updates);
  return { doc, changes: r.changes };
}

const NAME_KEYS = ['attributeName', 'noticeItemName', 'certificateName'] as const;
const nameOf = (v: unknown) => {
  if (!isRecord(v)) return undefined;
  for (const k of NAME_KEYS) if (typeof v[k] === 'string') return `${k}:${v[k]}`;
  return undefined;
};

/**
 * The normalised value at a path of the document as it was before normalising: the rules order
 * attributes by the schema, so an array entry with a name is found by its name, not its index.
 */
function readByName(before: unknown, after: unknown, segments: readonly string[]): unknown {
  let b = before;
  let a = after;
  for (const s of segments) {
    if (Array.isArray(b) && Array.isArray(a) && /^\d+$/.test(s)) {
      const entry = b[Number(s)];
      const name = nameOf(entry);
      const match = name === undefined ? a[Number(s)] : a.find((x) => nameOf(x) === name);
      b = entry;
      a = match;
    } else {
      b = isRecord(b) ? b[s] : undefined;
      a = isRecord(a) ? a[s] : undefined;
    }
  }
  return a;
}

function readSegments(value: unknown, segments: readonly string[]): unknown {
  let cur = value;
  for (const s of segments) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isRecord(cur)) cur = cur[s];
    else return undefined;
  }
  return cur;
}

/** The product after the updates, as rr_jsonb_set_path leaves it (for the rules' context only). */
function applyInMemory(doc: ProductDoc, updates: readonly ParsedUpdate[]): ProductDoc {
  // Only the containers on the written paths are copied (the rest is shared with `doc`, which is
  // never changed: the rules return new documents). A deep copy of the stored documents was most of
  // this function's time (issue 25).
  const out: ProductDoc = { ...doc };
  const copied = new Set<object>([out]);
  for (const u of updates) {
    let cur: Record<string, unknown> | unknown[] = out;
    u.segments.forEach((s, i) => {
      const last = i === u.segments.length - 1;
      const key: string | number = Array.isArray(cur) ? Number(s) : s;
      const container = cur as Record<string | number, unknown>;
      if (last) {
        container[key] = structuredClone(u.value);
        return;
      }
      let next = container[key];
      if (!next || typeof next !== 'object') next = /^\d+$/.test(u.segments[i + 1]!) ? [] : {};
      else if (!copied.has(next)) next = Array.isArray(next) ? next.slice() : { ...next };
      copied.add(next as object);
      container[key] = next;
      cur = next as Record<string, unknown> | unknown[];
    });
  }
  return out;
}

/** The answer's form of the changes (contracts DocumentRuleChange): the reason in both languages. */
export function reportChanges(changes: readonly StoredChange[]) {
  return changes.map((c) => ({ path: c.path, sent: c.sent, stored: c.stored, reason: MESSAGES[c.reason] }));
}
