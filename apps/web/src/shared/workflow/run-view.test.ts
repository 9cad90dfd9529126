import type { RunProduct, RunView, WorkflowEvent } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyTaskStatus,
  applyWorkflowEvent,
  chipStatusOf,
  combinedProgress,
  productCountsOf,
  runCountsOf,
  runProgressOf,
} from './run-view';

const product = (productId: string, over: Partial<RunProduct> = {}): RunProduct => ({
  productId,
  state: 'queued',
  currentTask: null,
  completedTasks: [],
  statuses: {},
  ...over,
});
const run = (over: Partial<RunView> = {}): RunView => ({
  runId: 'r1',
  status: 'queued',
  tasks: [
    'seo',
    'pricing',
    'mainImage',
    'additionalImage',
    'detailImage',
    'koreanLabel',
    'sizeChart',
    'quotation',
  ],
  progress: 0,
  products: [product('p1'), product('p2')],
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});
const task = (over: Partial<Extract<WorkflowEvent, { type: 'task' }>>): WorkflowEvent => ({
  type: 'task',
  runId: 'r1',
  productId: 'p1',
  task: 'seo',
  status: 'processing',
  currentTask: 'seo',
  completedTasks: [],
  progress: 0,
  message: null,
  ...over,
});

describe('a run on screen follows the server events', () => {
  it('a task starting shows as the current task with a processing chip; the run is running', () => {
    const next = applyWorkflowEvent(run(), task({}), 'ko');
    expect(next.status).toBe('running');
    expect(next.products[0]).toMatchObject({
      state: 'running',
      currentTask: 'seo',
      statuses: { seo: 'processing' },
    });
    expect(next.products[1]).toEqual(run().products[1]);
  });

  it('a finished task adds to the completed tasks and moves the product and run progress (W §4: done over the run tasks)', () => {
    let r = applyWorkflowEvent(run(), task({}), 'ko');
    r = applyWorkflowEvent(
      r,
      task({ status: 'completed', currentTask: null, completedTasks: ['seo'], progress: 14 }),
      'ko',
    );
    r = applyWorkflowEvent(
      r,
      task({
        task: 'pricing',
        status: 'completed',
        currentTask: null,
        completedTasks: ['seo', 'pricing'],
        progress: 29,
        message: { ko: '판매자가 고친 값은 그대로 두었습니다', en: 'Kept the seller edits' },
      }),
      'ko',
    );
    expect(r.products[0]).toMatchObject({
      completedTasks: ['seo', 'pricing'],
      statuses: { seo: 'completed', pricing: 'completed' },
      progress: 29,
      message: '판매자가 고친 값은 그대로 두었습니다',
    });
    // p2 has not started: the run is the mean of 29 and 0
    expect(r.progress).toBe(15);
    expect(runProgressOf(r)).toBe(15);
  });

  it('a cancelled task (progress 0 in its event) does not take progress back', () => {
    let r = applyWorkflowEvent(
      run(),
      task({ status: 'completed', completedTasks: ['seo'], progress: 14 }),
      'ko',
    );
    r = applyWorkflowEvent(
      r,
      task({ task: 'pricing', status: 'pending', currentTask: null, progress: 0 }),
      'ko',
    );
    expect(r.products[0]?.progress).toBe(14);
  });

  it('events of another run or an unknown product change nothing', () => {
    const r = run();
    expect(applyWorkflowEvent(r, task({ runId: 'other' }), 'ko')).toBe(r);
    expect(applyWorkflowEvent(r, task({ productId: 'p9' }), 'ko')).toBe(r);
    expect(
      applyWorkflowEvent(r, { type: 'run', runId: 'other', status: 'completed', progress: 100 }, 'ko'),
    ).toBe(r);
  });

  it('the run event ends the run at what was done (never 100 % over errors); cancelled products stop where they were', () => {
    const running = applyWorkflowEvent(run(), task({}), 'ko');
    const done = applyWorkflowEvent(
      running,
      {
        type: 'run',
        runId: 'r1',
        status: 'completed',
        progress: 0,
        counts: { done: 0, error: 16, remaining: 0 },
        registrable: { count: 0, total: 2 },
      },
      'ko',
    );
    expect(done.progress).toBe(0);
    expect(done.products.map((p) => p.state)).toEqual(['done', 'done']);
    expect(done.registrable).toEqual({ count: 0, total: 2 });
    const cancelled = applyWorkflowEvent(
      running,
      { type: 'run', runId: 'r1', status: 'cancelled', progress: 100 },
      'ko',
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.products.map((p) => [p.state, p.currentTask])).toEqual([
      ['cancelled', null],
      ['cancelled', null],
    ]);
    expect(cancelled.progress).toBe(0);
  });

  it('a single-task run counts over its own tasks', () => {
    const one = run({ tasks: ['seo'], products: [product('p1', { completedTasks: ['seo'] })] });
    expect(runProgressOf(one)).toBe(100);
  });

  it('tasks the server has not built are shown as not available, never as completed', () => {
    const r = run({ unavailableTasks: ['quotation'] });
    const p = product('p1', { statuses: { seo: 'completed', quotation: 'pending' } });
    expect(chipStatusOf(r, p, 'quotation')).toBe('unavailable');
    expect(chipStatusOf(r, p, 'seo')).toBe('completed');
    expect(chipStatusOf(r, p, 'pricing')).toBe('pending');
  });

  it('the top bar shows the mean over every active run’s products', () => {
    const a = run({ products: [product('p1', { progress: 100 }), product('p2', { progress: 0 })] });
    const b = run({ runId: 'r2', products: [product('p3', { progress: 50 })] });
    expect(combinedProgress([a, b])).toBe(50);
    expect(combinedProgress([])).toBeNull();
  });
});

describe('a table row follows task events', () => {
  const rows = [
    {
      _id: 'p1',
      registrationId: 'R1',
      thumbnail: null,
      productName: '',
      korName: '',
      offerId: null,
      optionCount: 1,
      categoryPath: null,
      displayCategoryCode: null,
      statuses: { seoStatus: 'pending' },
      completeness: null,
      updatedAt: '',
    },
  ];
  it('sets the task’s status field; unknown rows and unchanged statuses give null', () => {
    expect(applyTaskStatus(rows, 'p1', 'seo', 'processing')?.[0]?.statuses).toEqual({
      seoStatus: 'processing',
    });
    expect(applyTaskStatus(rows, 'p1', 'seo', 'pending')).toBeNull();
    expect(applyTaskStatus(rows, 'p9', 'seo', 'completed')).toBeNull();
    expect(rows[0]?.statuses.seoStatus).toBe('pending');
  });
});

describe('done / error / remaining (W §4: a task that ended in error is not done)', () => {
  it('an errored task counts as error and does not move the progress; a done one does', () => {
    let r = run({ status: 'running' });
    r = applyWorkflowEvent(
      r,
      task({
        task: 'seo',
        status: 'completed',
        currentTask: null,
        completedTasks: ['seo'],
        progress: 13,
        counts: { done: 1, error: 0, remaining: 7 },
      }),
      'ko',
    );
    r = applyWorkflowEvent(
      r,
      task({
        task: 'pricing',
        status: 'error',
        currentTask: null,
        completedTasks: ['seo'],
        progress: 13,
        counts: { done: 1, error: 1, remaining: 6 },
      }),
      'ko',
    );
    expect(r.products[0]).toMatchObject({ statuses: { seo: 'completed', pricing: 'error' }, progress: 13 });
    expect(productCountsOf(r.products[0]!, r)).toEqual({ done: 1, error: 1, remaining: 6 });
    // the second product has not started: all its tasks remain
    expect(runCountsOf(r)).toEqual({ done: 1, error: 1, remaining: 14 });
    expect(runProgressOf(r)).toBe(7);
  });

  it('without the server counts, reads them from the chips', () => {
    const r = run({ tasks: ['seo', 'pricing', 'quotation'] });
    const p = product('p1', {
      statuses: { seo: 'completed', pricing: 'error', quotation: 'error' },
      completedTasks: ['seo'],
    });
    expect(productCountsOf(p, r)).toEqual({ done: 1, error: 2, remaining: 0 });
    expect(runProgressOf({ ...r, products: [p] })).toBe(33);
  });
});
