import {
  AiMonitorFailuresQuery,
  AiMonitorFailuresResponse,
  AiMonitorLiveResponse,
  RateInfo,
} from '@rr/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AiMonitor } from '../../ai/monitor.ts';
import { forbidden } from '../../errors/app-error.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/**
 * The admin-api-monitor screen (W §2, §6: flag showdeveloper): the live request list, requests per
 * minute against the limit, and failures. The screen polls; the monitor's stuck check runs every
 * 60 s while the server is up.
 */
export const aiMonitorRoutes =
  (monitor: AiMonitor): FastifyPluginAsyncZod =>
  async (app) => {
    // The session carries the user's §6 flags as stored (read with the session on every request).
    const requireDeveloper = async (request: FastifyRequest) => {
      if (!request.session?.auth?.showdeveloper) throw forbidden();
    };
    const guard = { preHandler: [requireAuth, requireDeveloper] };

    app.get(
      '/api/ai-monitor/live',
      { ...guard, schema: { response: { 200: AiMonitorLiveResponse } } },
      async (request) => {
        const companyId = companyOf(request);
        const [requests, rate] = await Promise.all([monitor.live(companyId), monitor.rate(companyId)]);
        return { now: new Date().toISOString(), requests, rate };
      },
    );

    app.get('/api/ai-monitor/rate', { ...guard, schema: { response: { 200: RateInfo } } }, async (request) =>
      monitor.rate(companyOf(request)),
    );

    app.get(
      '/api/ai-monitor/failures',
      {
        ...guard,
        schema: { querystring: AiMonitorFailuresQuery, response: { 200: AiMonitorFailuresResponse } },
      },
      async (request) => ({ failures: await monitor.failures(companyOf(request), request.query.limit) }),
    );
  };
