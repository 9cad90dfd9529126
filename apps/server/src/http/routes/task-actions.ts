import { ManualSeoRequest } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaskActions } from '../../container.ts';
import { REPRICE_MESSAGES } from '../../tasks/pricing/reprice-all.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Workflow screen actions beside runs: manual SEO entry and repricing after a settings change. */
export const taskActionRoutes =
  (actions: TaskActions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/workflow/manual-seo',
      { preHandler: requireAuth, schema: { body: ManualSeoRequest } },
      async (request) => ({
        res: 'success' as const,
        product: await actions.saveManualSeo(companyOf(request), request.body),
      }),
    );

    app.post('/api/workflow/reprice-all', { preHandler: requireAuth }, async (request) => {
      const counts = await actions.repriceAll(companyOf(request));
      return {
        res: 'success' as const,
        message: localize(request, REPRICE_MESSAGES.done(counts.repriced, counts.failed)),
        ...counts,
      };
    });
  };
