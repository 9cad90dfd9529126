import type { Db } from '../db/database.ts';

export type OutboxMailRow = { id: string; to: string; subject: string; body: string; createdAt: Date };

/** SQL of the outbox: the mails written instead of sent (no SMTP_URL: demo, tests). */
export function createOutboxRepository(db: Db) {
  return {
    async insert(mail: {
      companyId: string | null;
      to: string;
      subject: string;
      body: string;
    }): Promise<void> {
      await db
        .insertInto('outbox')
        .values({ company_id: mail.companyId, to_email: mail.to, subject: mail.subject, body: mail.body })
        .execute();
    },

    /** The company's latest mails, newest first. */
    async latestOf(companyId: string, limit: number): Promise<OutboxMailRow[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'to_email', 'subject', 'body', 'created_at'])
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        to: r.to_email,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at,
      }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
