import { MESSAGES } from '@rr/domain';
import type { Db } from '../../db/database.ts';
import { applyPartialUpdate } from '../../products/product-repository.ts';
import { parseUpdateFields } from '../../products/update-paths.ts';

/**
 * The quotation's writes: dotted-path partial updates of one product (one atomic statement, the
 * completeness rate recomputed with it). Answers false when the product is gone.
 */
export async function saveFields(
  db: Db,
  companyId: string,
  productId: string,
  fields: Record<string, unknown>,
): Promise<boolean> {
  const parsed = parseUpdateFields(fields);
  if (!parsed.ok) {
    throw new Error(`${MESSAGES.productPartialUpdateFailed.en}: ${JSON.stringify(parsed.problems)}`);
  }
  return (await applyPartialUpdate(db, companyId, productId, parsed.updates)) !== undefined;
}
