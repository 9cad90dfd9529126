import { AppError } from '../errors/app-error.ts';
import { retryableDatabaseError } from '../errors/database-errors.ts';
import type { DefaultSettingsView } from './document-rules.ts';
import type { ProductRepository } from './product-data-repository.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import type { WrittenRow } from './product-row.ts';
import {
  buildSaveItems,
  planSaveItems,
  readSaveItems,
  type SaveItemBasis,
  type SaveItemKey,
} from './save-items-work.ts';
import { INHERITED_SERVER_FIELDS, productNotFound, versionConflict } from './whole-document.ts';
import { asWriteError } from './write-errors.ts';

// saveItems from the body's text to the rows written (Q §4: a split's groups, or replacements). The
// same steps run on the request loop for a small body and, for a large one, in a work-pool thread on
// its own connection (limits/work-tasks.ts), so a 9 MB document is parsed, built and sent to
// PostgreSQL off the loop: the loop only reads the body and answers the stored texts (issue 21).
// The store's module (issue 40): called by ProductStore.saveItems only, the thread's store too.

/** One saved item: its stored document is `bytes[start, end)`, the row as written. */
export type StoredSaveItem = { start: number; end: number; row: WrittenRow };
export type StoredSaveItems = { bytes: Uint8Array; items: StoredSaveItem[] };

/** Replaced stored documents one saveItems may read at most (their text), all items together. */
export const SAVE_ITEMS_STORED_BYTES = 48 * 1024 * 1024;

/**
 * Reads and checks the items, looks up what each replaces (by `_id`, else by registrationId) or
 * what a new `{base}_{n}` inherits, builds each document, and writes them all in one transaction, or
 * none: a replacement only over the version the client read (409 otherwise). registrationIds are
 * allocated inside the transaction. Database refusals come out as the AppErrors the client reads.
 */
export async function storeSaveItems(
  repo: ProductRepository,
  companyId: string,
  text: string,
  settings: DefaultSettingsView,
): Promise<StoredSaveItems> {
  try {
    const sent = readSaveItems(text);
    const targets = await findSaveTargets(repo, companyId, planSaveItems(sent));
    const built = buildSaveItems(
      sent,
      settings,
      targets.map((t) => t.basis),
    );
    const bytes = Buffer.from(built.bytes.buffer, built.bytes.byteOffset, built.bytes.byteLength);
    const items = await repo.transaction(async (tx) => {
      const saved: StoredSaveItem[] = [];
      for (const [i, target] of targets.entries()) {
        const { start, end, completeness, readVersion } = built.items[i]!;
        const doc = bytes.subarray(start, end);
        let row: WrittenRow | undefined;
        if (target.basis.kind === 'replace') {
          row = await tx.replaceProductText(companyId, target.id!, doc, completeness, new Date(readVersion!));
          if (!row) throw versionConflict();
        } else {
          const registrationId = target.registrationId ?? (await tx.nextRegistrationId(companyId));
          row = await tx.insertProductText(companyId, registrationId, doc, completeness);
        }
        saved.push({ start, end, row });
      }
      return saved;
    });
    return { bytes: built.bytes, items };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw retryableDatabaseError(err) ?? asWriteError(err);
  }
}

type SaveTarget = { basis: SaveItemBasis; id?: string; registrationId?: string };

async function findSaveTargets(repo: ProductRepository, companyId: string, keys: readonly SaveItemKey[]) {
  const targets: SaveTarget[] = [];
  let storedBytes = 0;
  for (const key of keys) {
    const stored =
      key.id !== undefined
        ? await repo.findProductText(companyId, { id: key.id })
        : key.registrationId !== undefined
          ? await repo.findProductText(companyId, { registrationId: key.registrationId })
          : undefined;
    if (key.id !== undefined && !stored) throw productNotFound();
    if (stored) {
      storedBytes += stored.text.length;
      if (storedBytes > SAVE_ITEMS_STORED_BYTES)
        throw new AppError('save_items_too_large', 'too_large', PRODUCT_MESSAGES.saveItemsTooLarge);
      targets.push({ basis: { kind: 'replace', storedText: stored.text }, id: stored.id });
      continue;
    }
    const base = key.registrationId ? /^(.*)_\d+$/.exec(key.registrationId)?.[1] : undefined;
    const inheritedText = base
      ? await repo.findInheritedText(companyId, base, INHERITED_SERVER_FIELDS)
      : undefined;
    targets.push({
      basis: { kind: 'insert', ...(inheritedText ? { inheritedText } : {}) },
      ...(key.registrationId ? { registrationId: key.registrationId } : {}),
    });
  }
  return targets;
}
