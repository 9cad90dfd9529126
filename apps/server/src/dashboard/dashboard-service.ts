import type { DashboardSummary } from '@rr/contracts';
import { TASK_ORDER, type TaskName } from '@rr/domain';
import type { AiRequestCounts } from '../ai/request-log-repository.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { Workflow } from '../workflow/workflow-service.ts';

/** How many of the latest runs the dashboard lists. */
export const DASHBOARD_RUNS = 5;

export type DashboardDeps = {
  products: Pick<ProductStore, 'taskStatusCounts'>;
  workflow: Pick<Workflow, 'listRuns'>;
  /** The company's AI requests today (ai/request-log-repository.ts). */
  aiRequestsToday(companyId: string): Promise<AiRequestCounts>;
};

export type DashboardService = ReturnType<typeof createDashboardService>;

/** The dashboard's figures: products by status per task, the latest runs, AI requests today. */
export function createDashboardService(deps: DashboardDeps) {
  return {
    async summary(companyId: string): Promise<DashboardSummary> {
      const [counts, runs, aiRequestsToday] = await Promise.all([
        deps.products.taskStatusCounts(companyId),
        deps.workflow.listRuns(companyId, DASHBOARD_RUNS),
        deps.aiRequestsToday(companyId),
      ]);
      const statusCounts = Object.fromEntries(TASK_ORDER.map((t) => [t, {}])) as Record<
        TaskName,
        Record<string, number>
      >;
      for (const row of counts.statuses) statusCounts[row.task][row.status] = row.n;
      return { productCount: counts.total, statusCounts, recentRuns: runs.runs, aiRequestsToday };
    },
  };
}
