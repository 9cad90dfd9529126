import type { Db } from '../db/database.ts';

export type Subscriber = { userId: string; email: string; mail: boolean; app: boolean };

/** SQL of notifications (issue 42): who opted in, the app's rows, each user's choices. */
export function createNotificationRepository(db: Db) {
  return {
    /** The company's active users who chose `kind` by mail or in the app. */
    async subscribers(companyId: string, kind: string): Promise<Subscriber[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'notify'])
        .where('company_id', '=', companyId)
        .where('active', '=', true)
        .execute();
      return rows
        .map((r) => ({
          userId: r.id,
          email: r.email,
          mail: r.notify[kind]?.mail === true,
          app: r.notify[kind]?.app === true,
        }))
        .filter((s) => s.mail || s.app);
    },

    async insert(
      rows: {
        companyId: string;
        userId: string;
        kind: string;
        ko: string;
        en: string;
        link: string | null;
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('notifications')
        .values(
          rows.map((r) => ({
            company_id: r.companyId,
            user_id: r.userId,
            kind: r.kind,
            message_ko: r.ko,
            message_en: r.en,
            link: r.link,
          })),
        )
        .execute();
    },

    async latest(userId: string, limit: number) {
      return db
        .selectFrom('notifications')
        .select(['id', 'kind', 'message_ko', 'message_en', 'link', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async markAllRead(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    async prefs(userId: string): Promise<Record<string, { mail?: boolean; app?: boolean }>> {
      const row = await db.selectFrom('users').select('notify').where('id', '=', userId).executeTakeFirst();
      return row?.notify ?? {};
    },

    async setPrefs(userId: string, prefs: Record<string, { mail: boolean; app: boolean }>): Promise<void> {
      await db
        .updateTable('users')
        .set({ notify: JSON.stringify(prefs) })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
