import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_ORDER } from '../../tasks/task-registry.ts';
import { calculateWorkflowProgress, countTasks, sumTaskCounts } from './calculate-workflow-progress.ts';
import { deriveMainImageStatus } from './derive-main-image-status.ts';
import {
  deriveOverallResultStatus,
  deriveProductQuotationStatus,
  isAcceptedQuotationResult,
} from './derive-quotation-status.ts';
import {
  findBlockingPrerequisites,
  findFailedPrerequisites,
  findUnfinishedPrerequisites,
  orderBatchTasks,
  quotationBlockedMessage,
} from './plan-batch-tasks.ts';

describe('deriveProductQuotationStatus (Q §4)', () => {
  it.each([
    [3, 0, false, 'completed'],
    [3, 0, true, 'processing'],
    [2, 1, false, 'partially_completed'],
    [0, 3, false, 'error'],
    [0, 0, false, 'error'],
  ])('%s ok / %s failed / pending %s → %s', (succeeded, failed, duplicateCheckPending, expected) => {
    expect(deriveProductQuotationStatus({ succeeded, failed, duplicateCheckPending })).toBe(expected);
  });
});

describe('deriveOverallResultStatus (Q §4)', () => {
  it.each([
    [3, 0, 'completed'],
    [2, 1, 'partial'],
    [0, 2, 'error'],
    [0, 0, 'error'],
  ])('%s / %s → %s', (s, f, expected) => expect(deriveOverallResultStatus(s, f)).toBe(expected));

  it.each([
    ['completed', true],
    ['partial', true],
    ['split_completed', true],
    ['error', false],
    ['partially_completed', false],
    [undefined, false],
  ])('accepted quotation result %o → %s', (s, expected) =>
    expect(isAcceptedQuotationResult(s)).toBe(expected),
  );
});

describe('deriveMainImageStatus (W §4 Main image)', () => {
  it.each([
    [['pending', 'pending'], false, 'pending'],
    [['completed', 'pending'], false, 'partially_completed'],
    [[{ status: 'completed' }, 'completed'], false, 'completed'],
    [['completed', 'error'], true, 'partially_completed'],
    [['error', { status: 'error' }], true, 'error'],
    [[], true, 'error'],
    [[null, undefined], false, 'pending'],
  ] as const)('%o finished=%s → %s', (statuses, finished, expected) => {
    expect(deriveMainImageStatus(statuses, finished)).toBe(expected);
  });
});

describe("calculateWorkflowProgress (W §4: completed / the registry's task count × 100, clamped)", () => {
  it.each([
    [[], 0],
    [['seo'], 13],
    [['seo', 'seo'], 13],
    // seven of the eight tasks are not all of them: the quotation is a task too
    [['seo', 'pricing', 'mainImage', 'additionalImage', 'detailImage', 'koreanLabel', 'sizeChart'], 88],
    [
      [
        'seo',
        'pricing',
        'mainImage',
        'additionalImage',
        'detailImage',
        'koreanLabel',
        'sizeChart',
        'quotation',
      ],
      100,
    ],
    [-3, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NaN, 0],
  ] as const)('%o → %s', (tasks, expected) =>
    expect(calculateWorkflowProgress(tasks as never)).toBe(expected),
  );

  it('always stays within 0–100', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.array(fc.string())), (input) => {
        const p = calculateWorkflowProgress(input as never);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('batch task order (W §4 Batch processing)', () => {
  it('keeps the spec order with quotation last', () => {
    expect(orderBatchTasks()).toEqual([
      'seo',
      'pricing',
      'mainImage',
      'additionalImage',
      'detailImage',
      'koreanLabel',
      'sizeChart',
      'quotation',
    ]);
    expect(orderBatchTasks(['quotation', 'seo', 'sizeChart'])).toEqual(['seo', 'sizeChart', 'quotation']);
  });

  it('needs every prerequisite completed or disabled before quotation', () => {
    const statuses = {
      seo: 'completed',
      pricing: 'completed',
      mainImage: 'partially_completed',
      additionalImage: 'completed',
      detailImage: 'error',
      koreanLabel: 'completed',
      sizeChart: 'disabled',
    };
    expect(findUnfinishedPrerequisites(statuses)).toEqual(['mainImage', 'detailImage']);
    expect(
      findUnfinishedPrerequisites({ ...statuses, mainImage: 'completed', detailImage: 'completed' }),
    ).toEqual([]);
  });
});

describe('calculateWorkflowProgress over a run with fewer tasks', () => {
  it.each([
    [1, 1, 100],
    [1, 2, 50],
    [0, 3, 0],
    [2, 3, 67],
    [5, 0, 100],
  ])('%s of %s → %s', (done, total, expected) =>
    expect(calculateWorkflowProgress(done, total)).toBe(expected),
  );

  it('defaults to the task registry (its default run: the opt-in register is not counted)', () =>
    expect(calculateWorkflowProgress(4)).toBe(Math.round((4 / (TASK_ORDER.length - 1)) * 100)));
});

describe('countTasks (W §4: a task that ended in error is not done)', () => {
  it.each([
    [[], [], 8, { done: 0, error: 0, remaining: 8 }],
    [['seo', 'pricing'], ['seo', 'pricing'], 8, { done: 2, error: 0, remaining: 6 }],
    [['seo', 'pricing', 'mainImage'], ['seo', 'pricing'], 8, { done: 2, error: 1, remaining: 5 }],
    [['seo', 'seo'], ['seo'], 1, { done: 1, error: 0, remaining: 0 }],
    [['quotation'], [], 1, { done: 0, error: 1, remaining: 0 }],
  ] as const)('finished %o, done %o of %s → %o', (finished, completed, total, expected) =>
    expect(countTasks(finished, completed, total)).toEqual(expected),
  );

  it('adds up products', () =>
    expect(
      sumTaskCounts([
        { done: 6, error: 2, remaining: 0 },
        { done: 1, error: 0, remaining: 7 },
      ]),
    ).toEqual({ done: 7, error: 2, remaining: 7 }));
});

describe('findBlockingPrerequisites (W §4: the quotation does not start over a prerequisite in error)', () => {
  const all = ['seo', 'pricing', 'mainImage', 'quotation'] as const;
  it.each([
    [{ seo: 'completed', pricing: 'completed', mainImage: 'completed' }, all, []],
    [{ seo: 'completed', pricing: 'error', mainImage: 'disabled' }, all, ['pricing']],
    [{ seo: 'partially_completed', pricing: 'completed', mainImage: 'completed' }, all, []],
    [{ seo: 'error', pricing: 'pending', mainImage: 'processing' }, all, ['seo', 'pricing', 'mainImage']],
    // prerequisites that are not part of the run are not judged here
    [{ seo: 'error' }, ['pricing', 'quotation'], ['pricing']],
  ] as const)('%o in %o → %o', (statuses, tasks, expected) =>
    expect(findBlockingPrerequisites(statuses, tasks)).toEqual(expected),
  );

  it('names the blocking tasks by their screen labels', () => {
    const m = quotationBlockedMessage(['mainImage', 'koreanLabel']);
    expect(m.ko).toContain('대표이미지, 한글표시');
    expect(m.en).toContain('Main image, Korean label');
  });
});

describe('findFailedPrerequisites (issue 42: a quotation-only run checks its prerequisites)', () => {
  it.each([
    [{}, []],
    [{ seo: 'completed', pricing: 'pending', sizeChart: 'disabled' }, []],
    [{ seo: 'error', pricing: 'processing', mainImage: 'partially_completed' }, ['seo', 'pricing']],
  ] as const)('%o → %o', (statuses, expected) => expect(findFailedPrerequisites(statuses)).toEqual(expected));
});
