import type { DashboardSummary } from '@rr/contracts';
import { TASK_ORDER, type TaskName } from '@rr/domain';
import type { Container } from '../container.ts';
import { countAiRequestsToday, countProducts, countTaskStatuses } from './dashboard-repository.ts';

/** How many of the latest runs the dashboard lists. */
export const DASHBOARD_RUNS = 5;

/** The dashboard's figures: products by status per task, the latest runs, AI requests today. */
export async function getDashboardSummary(
  container: Container,
  companyId: string,
): Promise<DashboardSummary> {
  const { db } = container;
  const [productCount, statuses, runs, aiRequestsToday] = await Promise.all([
    countProducts(db, companyId),
    countTaskStatuses(db, companyId),
    container.workflow.listRuns(companyId, DASHBOARD_RUNS),
    countAiRequestsToday(db, companyId),
  ]);
  const statusCounts = Object.fromEntries(TASK_ORDER.map((t) => [t, {}])) as Record<
    TaskName,
    Record<string, number>
  >;
  for (const row of statuses) statusCounts[row.task][row.status] = row.n;
  return { productCount, statusCounts, recentRuns: runs.runs, aiRequestsToday };
}
