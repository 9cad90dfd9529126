import { TASK_STATUS_FIELDS } from '@rr/domain';
import { sql } from 'kysely';
import type { Container } from '../../container.ts';
import { applyPartialUpdate } from '../../products/product-repository.ts';
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
 * another; prices the seller set stay as they are. The pricing status is written as the runner would.
 */
export async function repriceAll(
  container: Container,
  companyId: string,
  signal = new AbortController().signal,
) {
  const rows = await sql<{ id: string }>`
    select id from products
    where company_id = ${companyId} and jsonb_typeof(doc -> 'pricing') = 'object'
    order by created_at, id`.execute(container.db);
  let repriced = 0;
  let failed = 0;
  let keptSellerEdits = 0;
  for (const { id } of rows.rows) {
    if (signal.aborted) break;
    const outcome = await pricingTask.run({
      container,
      companyId,
      productId: id,
      runId: null,
      signal,
      pauseScale: container.config.workflowPauseScale,
      emit: async () => {},
    });
    await applyPartialUpdate(container.db, companyId, id, [
      { segments: [TASK_STATUS_FIELDS.pricing], value: outcome.status },
    ]);
    if (outcome.status === 'error') failed++;
    else repriced++;
    if (outcome.skipped?.length) keptSellerEdits++;
  }
  return { repriced, failed, keptSellerEdits };
}
