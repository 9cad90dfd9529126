import { ManualSeoRequest, ManualSeoResponse, RepriceAllResponse } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaskActions } from '../../container.ts';
import { REPRICE_MESSAGES } from '../../tasks/pricing/reprice-all.ts';
import { answeredAsStored, describedOnly } from '../answered-as-stored.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** Workflow screen actions beside runs: manual SEO entry and repricing after a settings change. */
export const taskActionRoutes =
  (actions: TaskActions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/workflow/manual-seo',
      {
        preHandler: requireAuth,
        ...answeredAsStored,
        schema: { body: ManualSeoRequest, response: { 200: describedOnly(ManualSeoResponse) } },
      },
      async (request) => ({
        res: 'success' as const,
        product: await actions.saveManualSeo(companyOf(request), request.body),
      }),
    );

    app.post(
      '/api/workflow/reprice-all',
      { preHandler: requireAuth, schema: { response: { 200: RepriceAllResponse } } },
      async (request) => {
        const counts = await actions.repriceAll(companyOf(request));
        return {
          res: 'success' as const,
          message: localize(request, REPRICE_MESSAGES.done(counts.repriced, counts.failed)),
          ...counts,
        };
      },
    );
  };
