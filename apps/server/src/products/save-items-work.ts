import { SaveItemsRequest } from '@rr/contracts';
import { AppError, badRequest, ERROR_MESSAGES } from '../errors/app-error.ts';
import { JSON_TOO_DEEP, parseJsonText } from '../limits/parse-json-text.ts';
import { productCompleteness } from './completeness.ts';
import {
  type DefaultSettingsView,
  normalizeChangedDocuments,
  normalizeContextOf,
  normalizeProductDocuments,
} from './document-rules.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import { sanitizeDocument } from './update-paths.ts';
import {
  INHERITED_SERVER_FIELDS,
  type JsonDocument,
  readVersionOf,
  withSellerMarks,
  withServerFields,
} from './whole-document.ts';

// saveItems' work that grows with the body (issue 21): reading the sent documents, the document
// rules, the completeness rate and the text to store. Pure: the stored documents they need are read
// between the two steps (products/save-items-store.ts) and handed in as text. A body from
// WORK_POOL_JSON_BYTES runs all of it in the work pool, so a 9 MB document is never parsed, walked
// or stringified on the request loop; a small one runs it on the loop.

/** What the service looks up for one sent item before its document is built. */
export type SaveItemKey = { id?: string; registrationId?: string };

/** What one item is built against: the stored document it replaces, or the base a split inherits from. */
export type SaveItemBasis =
  | { kind: 'replace'; storedText: string }
  | { kind: 'insert'; inheritedText?: string };

/** One built item: its document to store is `bytes[start, end)` (UTF-8 JSON of an object). */
export type BuiltSaveItem = {
  start: number;
  end: number;
  completeness: number | null;
  /** A replacement: the version the client read (ISO), the write's condition. */
  readVersion?: string;
};
export type BuiltSaveItems = { bytes: Uint8Array; items: BuiltSaveItem[] };

/** The sent items, checked as the route's schema and the spec say (400 with the reason otherwise). */
export function readSaveItems(text: string): Record<string, unknown>[] {
  const parsed = parseJsonText(text);
  if ('tooDeep' in parsed) throw new AppError('json_too_deep', 'invalid', JSON_TOO_DEEP);
  if ('invalid' in parsed) throw new AppError('invalid_json', 'invalid', ERROR_MESSAGES.invalidJson);
  // The union's branch for what was sent, so a refusal names the field (not "no branch matched").
  const [asArray, asObject] = SaveItemsRequest.options;
  const checked = (Array.isArray(parsed.value) ? asArray : asObject).safeParse(parsed.value);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 20).map((i) => ({
      path: i.path.length > 0 ? `/${i.path.map(String).join('/')}` : '',
      message: i.message,
    }));
    throw new AppError('invalid_request', 'invalid', ERROR_MESSAGES.invalidRequest, undefined, { issues });
  }
  const items = (Array.isArray(checked.data) ? checked.data : checked.data.items) as Record<
    string,
    unknown
  >[];
  const seen = new Set<string>();
  for (const item of items) {
    const id = typeof item.registrationId === 'string' ? item.registrationId : null;
    if (id && seen.has(id))
      throw badRequest(PRODUCT_MESSAGES.duplicateRegistrationId(id), 'duplicate_registration_id');
    if (id) seen.add(id);
  }
  return items;
}

/** Step 1: which stored products the items name (by `_id`, else by registrationId). */
export function planSaveItems(items: readonly Record<string, unknown>[]): SaveItemKey[] {
  return items.map((item) => {
    if (typeof item._id === 'string' && item._id !== '') return { id: item._id };
    const registrationId = typeof item.registrationId === 'string' ? item.registrationId.trim() : '';
    return registrationId === '' ? {} : { registrationId };
  });
}

/**
 * Step 2: each item's document as it will be stored: the server's fields kept (or inherited by a
 * split product from its base), every option document through the rules, the seller's changes
 * marked; its completeness; and, for a replacement, the version the client read.
 */
export function buildSaveItems(
  items: readonly Record<string, unknown>[],
  settings: DefaultSettingsView,
  bases: readonly SaveItemBasis[],
): BuiltSaveItems {
  if (items.length !== bases.length) throw new Error('saveItems: one basis per item expected');
  const texts: string[] = [];
  const meta: Omit<BuiltSaveItem, 'start' | 'end'>[] = [];
  items.forEach((item, i) => {
    const basis = bases[i]!;
    const sent = sanitizeDocument(item);
    let doc: JsonDocument;
    let readVersion: string | undefined;
    // The rules read the category schema the product holds (rocketRegInfo, the server's field: the
    // stored one, or a split product's base's), as `update` does; never one the client sent.
    if (basis.kind === 'replace') {
      readVersion = readVersionOf({}, item).toISOString();
      const stored = JSON.parse(basis.storedText) as JsonDocument;
      const withStored = withServerFields(sent, stored);
      const context = normalizeContextOf(withStored, settings);
      doc = withSellerMarks(stored, normalizeChangedDocuments(stored, withStored, context).doc);
    } else {
      const inherited = basis.inheritedText ? (JSON.parse(basis.inheritedText) as JsonDocument) : {};
      const withBase = withServerFields(sent, inherited, INHERITED_SERVER_FIELDS);
      doc = normalizeProductDocuments(withBase, normalizeContextOf(withBase, settings)).doc;
    }
    texts.push(JSON.stringify(doc));
    meta.push({ completeness: productCompleteness(doc), ...(readVersion ? { readVersion } : {}) });
  });
  const encoded = texts.map((t) => Buffer.from(t, 'utf8'));
  const bytes = new Uint8Array(encoded.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  const built = encoded.map((b, i) => {
    bytes.set(b, at);
    const item = { start: at, end: at + b.byteLength, ...meta[i]! };
    at += b.byteLength;
    return item;
  });
  return { bytes, items: built };
}
