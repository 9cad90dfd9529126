import type { NOTIFICATION_KINDS, NotificationPrefs, NotificationView } from '@rr/contracts';
import type { CoupangRegistration } from '@rr/domain';
import type { Message } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotificationRepository } from './notification-repository.ts';

/** Notifications one list answers. */
export const NOTIFICATIONS_LISTED = 50;

export type NotificationServiceDeps = {
  repository: Pick<
    NotificationRepository,
    'subscribers' | 'insert' | 'latest' | 'markAllRead' | 'prefs' | 'setPrefs'
  >;
  mailer: Pick<Mailer, 'send'>;
  clock: { now(): number };
  log: Pick<Log, 'warn'>;
  /** The origin of the links in mails (PUBLIC_URL). */
  appOrigin: string;
};

export type RunEnd = {
  runId: string;
  status: 'completed' | 'failed' | 'cancelled';
  counts?: { done: number; error: number; remaining: number } | undefined;
  /** The products in error, with what went wrong (at most a few). */
  errors?: readonly { name: string; message: string }[] | undefined;
};

const STATUS_KO = {
  completed: '끝났습니다',
  failed: '실패로 끝났습니다',
  cancelled: '취소되었습니다',
} as const;
const STATUS_EN = { completed: 'finished', failed: 'ended in failure', cancelled: 'was cancelled' } as const;

/** "작업 실행이 끝났습니다: 완료 3, 오류 1" and the products in error, one a line. */
export function runFinishedMessage(run: RunEnd): Message {
  const c = run.counts;
  const counts = c
    ? { ko: `: 완료 ${c.done}, 오류 ${c.error}`, en: `: ${c.done} done, ${c.error} in error` }
    : { ko: '', en: '' };
  const errors = (run.errors ?? []).map((e) => `\n- ${e.name}: ${e.message}`).join('');
  return {
    ko: `작업 실행이 ${STATUS_KO[run.status]}${counts.ko}${errors}`,
    en: `The run ${STATUS_EN[run.status]}${counts.en}${errors}`,
  };
}

/** "쿠팡 심사 결과: {상품} 승인" or "반려 (사유: …)". */
export function coupangDecisionMessage(productName: string, registration: CoupangRegistration): Message {
  if (registration.status === 'approved')
    return { ko: `쿠팡 심사 결과: ${productName} 승인되었습니다.`, en: `Coupang approved ${productName}.` };
  const reasons = registration.reasons.map((r) => r.text).join(' / ');
  return {
    ko: `쿠팡 심사 결과: ${productName} 반려되었습니다. 사유: ${reasons || '쿠팡이 사유를 주지 않았습니다'}`,
    en: `Coupang denied ${productName}. Reason: ${reasons || 'none given'}`,
  };
}

/**
 * Notifications a user opts into (issue 42): for each active user of the company who chose the kind,
 * a row in the app and/or a mail. A mail that fails is logged and does not undo the others: the run
 * or the sync that caused it is not failed by it.
 */
export function createNotificationService(deps: NotificationServiceDeps) {
  const { repository: repo } = deps;

  async function notify(
    companyId: string,
    kind: (typeof NOTIFICATION_KINDS)[number],
    message: Message,
    link: string,
  ) {
    const subscribers = await repo.subscribers(companyId, kind);
    await repo.insert(
      subscribers
        .filter((s) => s.app)
        .map((s) => ({ companyId, userId: s.userId, kind, ko: message.ko, en: message.en, link })),
    );
    for (const s of subscribers.filter((x) => x.mail)) {
      try {
        await deps.mailer.send({
          companyId,
          to: s.email,
          subject: kind === 'runFinished' ? '[로켓등록] 작업 실행 결과' : '[로켓등록] 쿠팡 심사 결과',
          text: `${message.ko}\n${deps.appOrigin}${link}`,
        });
      } catch (err) {
        deps.log.warn(
          { companyId, kind, err: err instanceof Error ? err.message : String(err) },
          'notification mail failed',
        );
      }
    }
  }

  return {
    runFinished: (companyId: string, run: RunEnd) =>
      notify(companyId, 'runFinished', runFinishedMessage(run), '/AIRocketReg'),

    coupangDecision: (
      companyId: string,
      productId: string,
      productName: string,
      registration: CoupangRegistration,
    ) =>
      registration.status === 'approved' || registration.status === 'denied'
        ? notify(
            companyId,
            'coupangDecision',
            coupangDecisionMessage(productName, registration),
            `/AIRocketReg?product=${productId}`,
          )
        : Promise.resolve(),

    async prefs(userId: string): Promise<NotificationPrefs> {
      const stored = await repo.prefs(userId);
      const of = (kind: string) => ({ mail: stored[kind]?.mail === true, app: stored[kind]?.app === true });
      return { runFinished: of('runFinished'), coupangDecision: of('coupangDecision') };
    },

    setPrefs: (userId: string, prefs: NotificationPrefs) => repo.setPrefs(userId, prefs),

    async list(userId: string, lang: 'ko' | 'en'): Promise<{ items: NotificationView[]; unread: number }> {
      const rows = await repo.latest(userId, NOTIFICATIONS_LISTED);
      const items = rows.map((r) => ({
        id: String(r.id),
        kind: r.kind === 'coupangDecision' ? ('coupangDecision' as const) : ('runFinished' as const),
        message: lang === 'en' ? r.message_en : r.message_ko,
        link: r.link,
        createdAt: r.created_at.toISOString(),
        read: r.read_at !== null,
      }));
      return { items, unread: items.filter((i) => !i.read).length };
    },

    markAllRead: (userId: string) => repo.markAllRead(userId, new Date(deps.clock.now())),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
