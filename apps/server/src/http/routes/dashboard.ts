import { DashboardSummary } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from '../../dashboard/dashboard-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/** GET /api/dashboard/summary: products by status per task, the latest runs, AI requests today. */
export const dashboardRoutes =
  (dashboard: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/summary',
      { preHandler: requireAuth, schema: { response: { 200: DashboardSummary } } },
      async (request) => dashboard.summary(companyOf(request)),
    );
  };
