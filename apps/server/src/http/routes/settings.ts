import { SaveSettingRequest } from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { getSettings, saveSettings } from '../../settings/settings-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

const SAVED = { ko: '설정을 저장했습니다.', en: 'Settings saved.' };

/** Settings (W §3, §7): the spec's "first entry" form; keys come back masked. */
export const settingsRoutes =
  (db: Db, appSecret: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/settings', { preHandler: requireAuth }, async (request) => ({
      settings: [await getSettings(db, companyOf(request), appSecret)],
    }));

    app.post(
      '/api/savesetting',
      { preHandler: requireAuth, schema: { body: SaveSettingRequest } },
      async (request) => {
        const first = request.body.settings[0]!;
        const view = await saveSettings(db, companyOf(request), appSecret, first);
        return { res: 'success' as const, message: localize(request, SAVED), settings: [view] };
      },
    );
  };
