import { GetSettingsResponse, SaveSettingRequest, SaveSettingResponse } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from '../../settings/settings-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const SAVED = { ko: '설정을 저장했습니다.', en: 'Settings saved.' };

/** Settings (W §3, §7): the spec's "first entry" form; keys come back masked. */
export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings',
      { preHandler: requireAuth, schema: { response: { 200: GetSettingsResponse } } },
      async (request) => ({ settings: [await settings.get(companyOf(request))] }),
    );

    app.post(
      '/api/savesetting',
      {
        preHandler: requireAuth,
        schema: { body: SaveSettingRequest, response: { 200: SaveSettingResponse } },
      },
      async (request) => {
        const first = request.body.settings[0]!;
        const view = await settings.save(companyOf(request), first);
        return { res: 'success' as const, message: localize(request, SAVED), settings: [view] };
      },
    );
  };
