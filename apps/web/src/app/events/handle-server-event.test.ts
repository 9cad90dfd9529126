import type { RunView, WorkflowEvent } from '@rr/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { runKeys } from '../../shared/workflow/workflow-api';
import { handleServerEvent, type ServerEventDeps, SPLIT_EVENT } from './handle-server-event';

function setup() {
  const queryClient = new QueryClient();
  const deps: ServerEventDeps & { events: Event[]; toasts: { title: string; message: string }[] } = {
    queryClient,
    lang: () => 'ko',
    setServerProcessing: vi.fn(),
    scheduleListRefresh: vi.fn(),
    notify: (t) => deps.toasts.push(t),
    splitTitle: () => '상품 분할 완료',
    dispatch: (e) => deps.events.push(e),
    events: [],
    toasts: [],
  };
  return deps;
}

const view: RunView = {
  runId: 'r1',
  status: 'running',
  tasks: ['seo', 'pricing'],
  progress: 0,
  products: [{ productId: 'p1', state: 'running', currentTask: null, completedTasks: [], statuses: {} }],
  createdAt: '',
  startedAt: null,
  finishedAt: null,
};

describe('server events on the screens', () => {
  it('a task event updates the run, the table chip at once, and marks the product for refetch', () => {
    const deps = setup();
    const qc = deps.queryClient;
    qc.setQueryData(runKeys.run('r1'), view);
    qc.setQueryData(['products', 'summary', { page: 1 }], {
      total: 1,
      rows: [{ _id: 'p1', statuses: { seoStatus: 'pending' } }],
    });
    qc.setQueryData(['product', 'p1'], { _id: 'p1' });
    const event: WorkflowEvent = {
      type: 'task',
      runId: 'r1',
      productId: 'p1',
      task: 'seo',
      status: 'completed',
      currentTask: null,
      completedTasks: ['seo'],
      progress: 50,
    };
    handleServerEvent(event, deps);
    expect(qc.getQueryData<RunView>(runKeys.run('r1'))?.products[0]).toMatchObject({
      completedTasks: ['seo'],
      statuses: { seo: 'completed' },
      progress: 50,
    });
    expect(
      qc.getQueryData<{ rows: { statuses: object }[] }>(['products', 'summary', { page: 1 }])?.rows[0]
        ?.statuses,
    ).toEqual({ seoStatus: 'completed' });
    expect(qc.getQueryState(['product', 'p1'])?.isInvalidated).toBe(true);
    expect(deps.scheduleListRefresh).toHaveBeenCalled();
  });

  it('product-updated invalidates that product and refreshes the lists', () => {
    const deps = setup();
    deps.queryClient.setQueryData(['product', 'p2'], { _id: 'p2' });
    deps.queryClient.setQueryData(['product', 'p3'], { _id: 'p3' });
    handleServerEvent({ type: 'product-updated', productId: 'p2' }, deps);
    expect(deps.queryClient.getQueryState(['product', 'p2'])?.isInvalidated).toBe(true);
    expect(deps.queryClient.getQueryState(['product', 'p3'])?.isInvalidated).toBe(false);
    expect(deps.scheduleListRefresh).toHaveBeenCalled();
  });

  it('the processing event sets the top bar message in the screen’s language', () => {
    const deps = setup();
    handleServerEvent(
      { type: 'processing', isProcessing: true, message: { ko: '상품 3개를 처리하고 있습니다...', en: 'x' } },
      deps,
    );
    expect(deps.setServerProcessing).toHaveBeenCalledWith({
      isProcessing: true,
      message: '상품 3개를 처리하고 있습니다...',
    });
  });

  it('a split fires the browser event with the server’s detail and a toast with the server’s message naming the new products, once', () => {
    const deps = setup();
    const event: WorkflowEvent = {
      type: 'product-split-completed',
      originalProductId: 'p1',
      splitProducts: [
        { _id: 'n1', registrationId: 'R-1-2', productName: '강아지 우비 (S~M)' },
        { _id: 'n2', registrationId: 'R-1-3', productName: '' },
      ],
      total: 3,
      message: {
        ko: '상품이 3개로 분할되었습니다: 강아지 우비 (S~M), R-1-3',
        en: 'The product was split into 3 products: 강아지 우비 (S~M), R-1-3',
      },
    };
    handleServerEvent(event, deps);
    const fired = deps.events[0];
    if (!(fired instanceof CustomEvent)) throw new Error('expected a CustomEvent');
    expect(fired.type).toBe(SPLIT_EVENT);
    expect(fired.detail).toEqual(event);
    expect(deps.toasts).toEqual([
      { title: '상품 분할 완료', message: '상품이 3개로 분할되었습니다: 강아지 우비 (S~M), R-1-3' },
    ]);
  });

  it('the end of a run: the processing event keeps the end message for the top bar (Q §1)', () => {
    const deps = setup();
    handleServerEvent(
      {
        type: 'processing',
        isProcessing: false,
        message: {
          ko: '등록 정보 생성 완료 (총 3개, 성공: 2, 실패: 1) · 등록 가능 상품 2/3개',
          en: 'registration details generated (total 3, success: 2, failure: 1)',
        },
      },
      deps,
    );
    expect(deps.setServerProcessing).toHaveBeenCalledWith({
      isProcessing: false,
      message: '등록 정보 생성 완료 (총 3개, 성공: 2, 실패: 1) · 등록 가능 상품 2/3개',
    });
  });

  it('the run event at the end carries the done / error / remaining counts into the run view', () => {
    const deps = setup();
    deps.queryClient.setQueryData(runKeys.run('r1'), view);
    handleServerEvent(
      {
        type: 'run',
        runId: 'r1',
        status: 'completed',
        progress: 50,
        counts: { done: 1, error: 1, remaining: 0 },
        registrable: { count: 0, total: 1 },
      },
      deps,
    );
    expect(deps.queryClient.getQueryData<RunView>(runKeys.run('r1'))).toMatchObject({
      status: 'completed',
      counts: { done: 1, error: 1, remaining: 0 },
      registrable: { count: 0, total: 1 },
    });
  });
});

describe('stuck AI requests (issue 42)', () => {
  it('a warning toast with the server’s message in the screen’s language', () => {
    const deps = setup();
    const warned: { title: string; message: string }[] = [];
    deps.warn = (t) => warned.push(t);
    deps.stuckTitle = () => '응답 없는 AI 요청';
    const event: WorkflowEvent = {
      type: 'ai-stuck',
      count: 2,
      message: {
        ko: 'AI 요청 2건이 5분 동안 응답이 없어 시간 초과로 처리했습니다.',
        en: '2 AI request(s) …',
      },
    };
    handleServerEvent(event, deps);
    expect(warned).toEqual([
      { title: '응답 없는 AI 요청', message: 'AI 요청 2건이 5분 동안 응답이 없어 시간 초과로 처리했습니다.' },
    ]);
    expect(deps.toasts).toEqual([]);
  });
});
