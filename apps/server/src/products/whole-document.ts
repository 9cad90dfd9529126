import { diffPaths, MESSAGES, markSellerPaths, readFieldSources } from '@rr/domain';
import { AppError, notFound } from '../errors/app-error.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import { SERVER_FIELDS } from './update-paths.ts';

// A whole document written by a client (update, saveItems): the server's own fields stay as stored,
// and what the seller changed is marked as the seller's.

export type JsonDocument = Readonly<Record<string, unknown>>;

/** The fields only the server writes, kept as stored when a client replaces the whole document. */
export const KEPT_SERVER_FIELDS = [
  'source',
  'rocketRegInfo',
  'coupangRegistration',
  'coupangDocuments',
] as const;
/** The server fields a new split product takes from its base (its Coupang registration is its own). */
export const INHERITED_SERVER_FIELDS = ['source', 'rocketRegInfo'] as const;

export function withServerFields(
  doc: JsonDocument,
  from: JsonDocument,
  fields: readonly string[] = KEPT_SERVER_FIELDS,
): JsonDocument {
  const out = { ...doc };
  for (const field of fields) if (from[field] !== undefined) out[field] = from[field];
  return out;
}

/** A whole document from a client, with the stored fieldSources plus the seller's changes in it. */
export function withSellerMarks(stored: JsonDocument, doc: JsonDocument): JsonDocument {
  const sources = markSellerPaths(
    readFieldSources(stored.fieldSources),
    diffPaths(stored, doc, SERVER_FIELDS),
  );
  return Object.keys(sources).length > 0 ? { ...doc, fieldSources: sources } : doc;
}

export const productNotFound = () => notFound(MESSAGES.productFetchFailed, 'product_not_found');

export const versionConflict = () =>
  new AppError('version_conflict', 'conflict', PRODUCT_MESSAGES.versionConflict);

/**
 * The version a whole-document write was made from: `version`, else the `updatedAt` of the product
 * as it was read (clients send back what getlist answered). Missing or unreadable: a conflict.
 */
export function readVersionOf(body: Record<string, unknown>, product: Record<string, unknown>): Date {
  const v = body.version ?? product.version ?? product.updatedAt;
  const d = typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw versionConflict();
  return d;
}
