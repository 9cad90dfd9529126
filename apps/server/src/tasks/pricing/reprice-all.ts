import { runTaskAlone } from '../../workflow/runner.ts';
import type { TaskDeps } from '../../workflow/task.ts';
import { pricingTask } from './index.ts';

export const REPRICE_MESSAGES = {
  done: (repriced: number, failed: number) => ({
    ko: `상품 ${repriced}개의 가격을 다시 계산했습니다${failed ? ` (실패 ${failed}개)` : ''}.`,
    en: `Repriced ${repriced} product(s)${failed ? ` (${failed} failed)` : ''}.`,
  }),
};

/**
 * "Reprice all" after the exchange rate (or any pricing setting) changes: every product of the
 * company that was priced before runs the pricing task again with the saved settings, one after
 * another; prices the seller set stay as they are. The pricing status is written by the runner's
 * writer (`runTaskAlone`), never by the task.
 */
export async function repriceAll(
  deps: TaskDeps,
  companyId: string,
  opts: { pauseScale: number; signal?: AbortSignal },
) {
  const signal = opts.signal ?? new AbortController().signal;
  const ids = await deps.products.pricedProductIds(companyId);
  let repriced = 0;
  let failed = 0;
  let keptSellerEdits = 0;
  for (const productId of ids) {
    if (signal.aborted) break;
    const outcome = await runTaskAlone(
      deps,
      pricingTask,
      { companyId, productId },
      {
        signal,
        pauseScale: opts.pauseScale,
      },
    );
    if (outcome.status === 'error') failed++;
    else repriced++;
    if (outcome.skipped?.length) keptSellerEdits++;
  }
  return { repriced, failed, keptSellerEdits };
}
