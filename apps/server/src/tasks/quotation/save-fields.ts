import type { CheckedFields, ProductFields } from '@rr/domain';
import type { TaskContext } from '../../workflow/task.ts';
import { ProductGoneError, writeTaskFields } from '../../workflow/write-task-fields.ts';

/**
 * The quotation's writes: dotted-path partial updates through writeTaskFields (xmin-checked, the
 * completeness rate with them, values recorded as the AI's, and a value the seller edited kept: a
 * whole option document written by the task keeps the seller's fields inside it). Answers the paths
 * left alone for the seller, or null when the product is gone.
 */
export async function saveFields<F extends ProductFields>(
  ctx: Pick<TaskContext, 'deps' | 'companyId'>,
  productId: string,
  fields: CheckedFields<F>,
): Promise<string[] | null> {
  try {
    const { skipped } = await writeTaskFields<F>({ ...ctx, productId }, fields);
    return skipped;
  } catch (error) {
    if (error instanceof ProductGoneError) return null;
    throw error;
  }
}
