import type { WorkflowEvent } from '@rr/contracts';
import { productDisplayName } from '@rr/domain';
import type { Log } from '../log.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { RunRepository } from '../workflow/run-repository.ts';
import type { RunEnd } from './notification-service.ts';

/** Products in error one run-end notice names. */
export const RUN_END_ERRORS_LISTED = 10;

type Publisher<T> = { publish(companyId: string, event: WorkflowEvent): Promise<T> };

/**
 * The workflow's event bus with the run-end notices (issue 42): when a run's last event says it
 * ended, the users who opted in hear of it with its products in error and what went wrong. The
 * notice is sent after the event and never fails it (a notice that cannot be sent is logged).
 */
export function withRunEndNotices<T, B extends Publisher<T>>(
  bus: B,
  deps: {
    runs: Pick<RunRepository, 'listRunProducts'>;
    products: Pick<ProductStore, 'find'>;
    runFinished(companyId: string, run: RunEnd): Promise<void>;
    log: Pick<Log, 'warn'>;
  },
): B {
  async function notice(companyId: string, event: Extract<WorkflowEvent, { type: 'run' }>) {
    if (event.status !== 'completed' && event.status !== 'failed' && event.status !== 'cancelled') return;
    const failed = (await deps.runs.listRunProducts(event.runId)).filter(
      (p) => p.state === 'failed' || p.message !== null,
    );
    const errors = await Promise.all(
      failed.slice(0, RUN_END_ERRORS_LISTED).map(async (p) => {
        const row = await deps.products.find(companyId, p.product_id);
        return {
          name: (row && productDisplayName(row.doc)) || p.product_id,
          message: p.message?.ko ?? '오류',
        };
      }),
    );
    await deps.runFinished(companyId, {
      runId: event.runId,
      status: event.status,
      counts: event.counts,
      errors,
    });
  }
  return {
    ...bus,
    async publish(companyId: string, event: WorkflowEvent): Promise<T> {
      const answer = await bus.publish(companyId, event);
      if (event.type === 'run')
        void notice(companyId, event).catch((err: Error) =>
          deps.log.warn({ companyId, runId: event.runId, err: err.message }, 'run-end notice failed'),
        );
      return answer;
    },
  };
}
