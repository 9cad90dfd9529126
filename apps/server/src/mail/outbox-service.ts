import { AppError } from '../errors/app-error.ts';
import type { OutboxRepository } from './outbox-repository.ts';

/** Mails one outbox answer lists. */
export const OUTBOX_LIMIT = 50;

const DEMO_ONLY = {
  ko: '메일함은 데모 모드에서만 볼 수 있습니다. 실제 메일은 SMTP로 보냅니다.',
  en: 'The outbox is shown in demo mode only; real mail goes out over SMTP.',
};

/**
 * The demo's outbox (issue 42): a newcomer follows an invitation or a reset link from the app. Only in
 * demo mode, and only the signed-in user's company's mails.
 */
export function createOutboxService(deps: { repository: Pick<OutboxRepository, 'latestOf'>; demo: boolean }) {
  return {
    async latest(companyId: string) {
      if (!deps.demo) throw new AppError('outbox_demo_only', 'not_found', DEMO_ONLY);
      const rows = await deps.repository.latestOf(companyId, OUTBOX_LIMIT);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
