import { ManualSeoRequest } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.ts';
import { saveManualSeo } from '../../products/manual-seo.ts';
import { REPRICE_MESSAGES, repriceAll } from '../../tasks/pricing/reprice-all.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Workflow screen actions beside runs: manual SEO entry and repricing after a settings change. */
export const taskActionRoutes =
  (container: Container): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/workflow/manual-seo',
      { preHandler: requireAuth, schema: { body: ManualSeoRequest } },
      async (request) => ({
        res: 'success' as const,
        product: await saveManualSeo(container.db, companyOf(request), request.body),
      }),
    );

    app.post('/api/workflow/reprice-all', { preHandler: requireAuth }, async (request) => {
      const counts = await repriceAll(container.taskDeps, companyOf(request), {
        pauseScale: container.config.workflowPauseScale,
      });
      return {
        res: 'success' as const,
        message: localize(request, REPRICE_MESSAGES.done(counts.repriced, counts.failed)),
        ...counts,
      };
    });
  };
