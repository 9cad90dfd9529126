import { ExchangeRateStatusResponse } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExchangeRateService } from '../../exchange-rate/exchange-rate-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';

/** Issue 41: the daily source's exchange rate against the company's rate in use (the settings screen). */
export const exchangeRateRoutes =
  (exchangeRate: ExchangeRateService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/exchange-rate',
      { preHandler: requireAuth, schema: { response: { 200: ExchangeRateStatusResponse } } },
      async (request) => exchangeRate.status(companyOf(request)),
    );
  };
