import { TaskName } from '@rr/domain';
import { z } from 'zod';
import { RunList } from './workflow.ts';

// GET /api/dashboard/summary: the company's work at a glance.

export const DashboardSummary = z.object({
  /** Products of the company. */
  productCount: z.number().int(),
  /** Per task, how many products have each status (a product without one counts as pending). */
  statusCounts: z.record(TaskName, z.record(z.string(), z.number().int())),
  /** The latest runs, newest first. */
  recentRuns: RunList.shape.runs,
  /** AI requests since midnight in Korea (Asia/Seoul), by outcome. */
  aiRequestsToday: z.object({
    total: z.number().int(),
    success: z.number().int(),
    error: z.number().int(),
    open: z.number().int(),
  }),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;
