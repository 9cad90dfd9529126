import { isRecord } from '../../records.ts';
import { fail, issue, ok, type Result } from '../../result.ts';

/**
 * W §5: a partial update needs a product id and at least one field (dotted paths allowed). Takes the
 * request's values as sent: the id must be a non-empty string, the fields a non-empty plain object.
 */
export function validatePartialUpdate(
  productId: unknown,
  updateFields: unknown,
): Result<{ productId: string; updateFields: Readonly<Record<string, unknown>> }> {
  if (
    typeof productId !== 'string' ||
    productId === '' ||
    !isRecord(updateFields) ||
    Object.keys(updateFields).length === 0
  )
    return fail([issue('partialUpdateInvalid')]);
  return ok({ productId, updateFields });
}
