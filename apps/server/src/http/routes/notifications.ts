import { AccountMessageResponse, NotificationPrefs, NotificationsResponse } from '@rr/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors/app-error.ts';
import type { NotificationService } from '../../notifications/notification-service.ts';
import { requireAuth } from '../auth-context.ts';
import { localize, requestLanguage } from '../request-language.ts';

const userOf = (request: FastifyRequest) => {
  if (!request.session) throw unauthorized();
  return request.session.userId;
};

const SAVED = { ko: '알림 설정을 저장했습니다.', en: 'Your notification choices were saved.' };
const READ = { ko: '알림을 모두 읽음으로 표시했습니다.', en: 'All notifications were marked read.' };

/** The user's notifications and their choices (the account screen; issue 42). */
export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };
    app.get(
      '/api/notifications',
      { ...auth, schema: { response: { 200: NotificationsResponse } } },
      async (request) => notifications.list(userOf(request), requestLanguage(request)),
    );
    app.post(
      '/api/notifications/read',
      { ...auth, schema: { response: { 200: AccountMessageResponse } } },
      async (request) => {
        await notifications.markAllRead(userOf(request));
        return { res: 'success' as const, message: localize(request, READ) };
      },
    );
    app.get(
      '/api/notifications/prefs',
      { ...auth, schema: { response: { 200: NotificationPrefs } } },
      async (request) => notifications.prefs(userOf(request)),
    );
    app.put(
      '/api/notifications/prefs',
      { ...auth, schema: { body: NotificationPrefs, response: { 200: AccountMessageResponse } } },
      async (request) => {
        await notifications.setPrefs(userOf(request), request.body);
        return { res: 'success' as const, message: localize(request, SAVED) };
      },
    );
  };
