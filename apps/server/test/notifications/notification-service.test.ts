import type { WorkflowEvent } from '@rr/contracts';
import type { CoupangRegistration } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../src/mail/mailer.ts';
import { createNotificationService } from '../../src/notifications/notification-service.ts';
import { withRunEndNotices } from '../../src/notifications/run-end-notices.ts';

function setup(
  subscribers: { userId: string; email: string; mail: boolean; app: boolean }[],
  failMail = false,
) {
  const rows: { userId: string; kind: string; ko: string; link: string | null }[] = [];
  const mails: Mail[] = [];
  const warnings: string[] = [];
  const service = createNotificationService({
    repository: {
      subscribers: async () => subscribers,
      insert: async (r) => void rows.push(...r),
      latest: async () => [],
      markAllRead: async () => {},
      prefs: async () => ({ runFinished: { mail: true } }),
      setPrefs: async () => {},
    },
    mailer: {
      send: async (m) => {
        if (failMail) throw new Error('smtp down');
        mails.push(m);
      },
    },
    clock: { now: () => 0 },
    log: { warn: (_o, msg) => void warnings.push(msg ?? '') },
    appOrigin: 'https://rr.example.com',
  });
  return { service, rows, mails, warnings };
}

const registration = (status: 'approved' | 'denied', reasons: string[] = []): CoupangRegistration =>
  ({
    sellerProductId: '1',
    status,
    statusName: status === 'approved' ? '승인완료' : '승인반려',
    reasons: reasons.map((text) => ({ text, field: null })),
    attempts: [],
    checkedAt: '2026-11-28T00:00:00.000Z',
  }) as unknown as CoupangRegistration;

describe('notifications (issue 42)', () => {
  it('a run’s end goes to each user as they chose: in the app, by mail, with its products in error', async () => {
    const t = setup([
      { userId: 'a', email: 'a@example.com', mail: true, app: true },
      { userId: 'b', email: 'b@example.com', mail: false, app: true },
      { userId: 'c', email: 'c@example.com', mail: true, app: false },
    ]);
    await t.service.runFinished('c1', {
      runId: 'r1',
      status: 'completed',
      counts: { done: 5, error: 1, remaining: 0 },
      errors: [{ name: '접이식 의자', message: 'SEO 생성 실패: AI 응답 없음' }],
    });
    expect(t.rows.map((r) => r.userId)).toEqual(['a', 'b']);
    expect(t.rows[0]!.ko).toBe(
      '작업 실행이 끝났습니다: 완료 5, 오류 1\n- 접이식 의자: SEO 생성 실패: AI 응답 없음',
    );
    expect(t.mails.map((m) => m.to)).toEqual(['a@example.com', 'c@example.com']);
    expect(t.mails[0]).toMatchObject({ subject: '[로켓등록] 작업 실행 결과' });
    expect(t.mails[0]!.text).toContain('https://rr.example.com/AIRocketReg');
  });

  it('a Coupang decision says approved, or denied with Coupang’s reasons; other statuses say nothing', async () => {
    const t = setup([{ userId: 'a', email: 'a@example.com', mail: false, app: true }]);
    await t.service.coupangDecision(
      'c1',
      'p1',
      '접이식 의자',
      registration('denied', ['이미지 부적합', '상품명 오류']),
    );
    await t.service.coupangDecision('c1', 'p2', '캠핑 테이블', registration('approved'));
    expect(t.rows.map((r) => r.ko)).toEqual([
      '쿠팡 심사 결과: 접이식 의자 반려되었습니다. 사유: 이미지 부적합 / 상품명 오류',
      '쿠팡 심사 결과: 캠핑 테이블 승인되었습니다.',
    ]);
    expect(t.rows[0]!.link).toBe('/AIRocketReg?product=p1');
    await t.service.coupangDecision('c1', 'p3', 'x', {
      ...registration('approved'),
      status: 'in_review',
    } as CoupangRegistration);
    expect(t.rows).toHaveLength(2);
  });

  it('a mail that fails is logged; the app’s notices are kept', async () => {
    const t = setup([{ userId: 'a', email: 'a@example.com', mail: true, app: true }], true);
    await t.service.runFinished('c1', { runId: 'r1', status: 'failed' });
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]!.ko).toBe('작업 실행이 실패로 끝났습니다');
    expect(t.warnings).toEqual(['notification mail failed']);
  });

  it('unset choices read as off', async () => {
    const t = setup([]);
    expect(await t.service.prefs('u')).toEqual({
      runFinished: { mail: true, app: false },
      coupangDecision: { mail: false, app: false },
    });
  });

  it('the workflow’s bus tells a run’s end after publishing it, with the failed products by name', async () => {
    const published: WorkflowEvent[] = [];
    const ends: unknown[] = [];
    const bus = withRunEndNotices(
      {
        publish: async (_c: string, e: WorkflowEvent) => {
          published.push(e);
          return 7;
        },
        other: 1,
      },
      {
        runs: {
          listRunProducts: async () => [
            {
              run_id: 'r1',
              product_id: 'p1',
              position: 0,
              state: 'done',
              current_task: null,
              completed_tasks: [],
              finished_tasks: [],
              message: null,
            },
            {
              run_id: 'r1',
              product_id: 'p2',
              position: 1,
              state: 'failed',
              current_task: null,
              completed_tasks: [],
              finished_tasks: [],
              message: { ko: '가격 계산 실패', en: 'pricing failed' },
            },
          ],
        },
        products: { find: async () => ({ doc: { productName: '캠핑 의자' } }) as never },
        runFinished: async (_c, run) => void ends.push(run),
        log: { warn: () => {} },
      },
    );
    expect(bus.other).toBe(1);
    expect(await bus.publish('c1', { type: 'run', runId: 'r1', status: 'running', progress: 10 })).toBe(7);
    await bus.publish('c1', {
      type: 'run',
      runId: 'r1',
      status: 'completed',
      progress: 100,
      counts: { done: 6, error: 1, remaining: 0 },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(published).toHaveLength(2);
    expect(ends).toEqual([
      {
        runId: 'r1',
        status: 'completed',
        counts: { done: 6, error: 1, remaining: 0 },
        errors: [{ name: '캠핑 의자', message: '가격 계산 실패' }],
      },
    ]);
  });
});
