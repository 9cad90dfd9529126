import type { CheckedFields, ProductFields } from '@rr/domain';
import { ProductGoneError } from '../products/product-store.ts';
import type { TaskContext } from './task.ts';

export { ProductGoneError };

/**
 * A task's write of product fields (dotted paths) through the product store's one writer
 * (`ProductStore.writeFields`: provenance in doc.fieldSources, the seller's edits kept and answered
 * in `skipped`, optimistic at the version read, then a row lock). An AI value the offline demo
 * provider wrote is marked as such, not as a model's (issue 20).
 */
export async function writeTaskFields<F extends ProductFields>(
  ctx: Pick<TaskContext, 'deps' | 'companyId' | 'productId'>,
  updates: CheckedFields<F>,
  opts: { source?: 'ai' | 'source' | 'collected'; sellerAsked?: boolean } = {},
): Promise<{ written: string[]; skipped: string[] }> {
  const asked = opts.source ?? 'ai';
  const source =
    asked === 'ai' && (await ctx.deps.settings.aiProviderName(ctx.companyId)) === 'offline'
      ? 'offline'
      : asked;
  return ctx.deps.products.writeFields<F>({ companyId: ctx.companyId, productId: ctx.productId }, updates, {
    source,
    ...(opts.sellerAsked ? { sellerAsked: true } : {}),
  });
}
