import { parseStoredProduct, type SetAsideValue, type StoredProduct, storedDocumentOf } from '@rr/domain';

// A product row as the products module hands it around, and what a write answers: plain types and
// pure functions, no SQL (the queries are products/product-repository.ts, reached only through the
// repository object of products/product-data-repository.ts).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * A product row as the services use it: `doc` is the stored document parsed once, here, into the
 * domain's entity (`StoredProduct`: lenient, unknown fields kept, the stored object itself).
 * `setAside` holds the stored values that do not fit the entity (usually none; docs/decisions.md
 * "A stored product that does not parse"): they are not in `doc`, and `storedDocument(row)` /
 * `toProduct(row)` put them back, so answers and whole-document writes keep them.
 */
export type ProductRow = {
  id: string;
  registration_id: string;
  doc: StoredProduct;
  setAside: readonly SetAsideValue[];
  completeness: number | null;
  created_at: Date;
  updated_at: Date;
};

/** A row as the database answers it (the document as JSON). */
export type StoredRow = Omit<ProductRow, 'doc' | 'setAside'> & { doc: unknown };

/** Parses a row's document (once per read). A document with values that do not fit is logged, once per read. */
export function productRowOf(row: StoredRow): ProductRow {
  const parsed = parseStoredProduct(row.doc);
  if (parsed.setAside.length > 0) {
    console.warn(
      `product ${row.id}: stored values that do not fit the product entity, kept as stored: ${parsed.setAside
        .map((s) => s.path.join('.') || '(document)')
        .join(', ')}`,
    );
  }
  return { ...row, doc: parsed.product, setAside: parsed.setAside };
}

/** The whole stored document: the typed one with any set-aside values back in place. */
export function storedDocument(row: ProductRow): Record<string, unknown> {
  return storedDocumentOf({ product: row.doc, setAside: row.setAside });
}

/** The answer of a product call: the whole stored document with the server's fields laid over it. */
export type ProductAnswer = Record<string, unknown> & {
  _id: string;
  registrationId: string;
  completeness: number | null;
  createdAt: string;
  updatedAt: string;
};

/** The stored document with the server's fields laid over it (`_id`, registrationId, dates). */
export function toProduct(row: ProductRow): ProductAnswer {
  return {
    ...storedDocument(row),
    _id: row.id,
    registrationId: row.registration_id,
    completeness: row.completeness,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A stored product as saveItems replaces it: its document as the database prints it (not parsed here). */
export type StoredText = { id: string; registrationId: string; text: string };

/** What a write of a document given as text answers: the row without its document. */
export type WrittenRow = Omit<StoredRow, 'doc'>;

/**
 * What a seller's write left: the new updatedAt, and the size of the document it wrote (doc_bytes,
 * uncompressed). A partial update rewrites the whole stored document, so that size, not the request's,
 * is what the write cost the database (the company's heavy-request pace counts it: http/company-gate.ts).
 */
export type Written = { updatedAt: Date; docBytes: number };
