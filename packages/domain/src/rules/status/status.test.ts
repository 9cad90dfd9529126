import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateWorkflowProgress } from './calculate-workflow-progress.ts';
import { deriveMainImageStatus } from './derive-main-image-status.ts';
import {
  deriveOverallResultStatus,
  deriveProductQuotationStatus,
  isAcceptedQuotationResult,
} from './derive-quotation-status.ts';
import { deriveInitialSizeChartStatus } from './derive-size-chart-status.ts';
import { canStartQuotation, findUnfinishedPrerequisites, orderBatchTasks } from './plan-batch-tasks.ts';

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

describe('calculateWorkflowProgress (W §4: completed / 7 × 100, clamped)', () => {
  it.each([
    [[], 0],
    [['seo'], 14],
    [['seo', 'seo'], 14],
    [['seo', 'pricing', 'mainImage', 'additionalImage', 'detailImage', 'koreanLabel', 'sizeChart'], 100],
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
    expect(canStartQuotation(statuses)).toBe(false);
    expect(canStartQuotation({ ...statuses, mainImage: 'completed', detailImage: 'completed' })).toBe(true);
  });
});

describe('deriveInitialSizeChartStatus (W §4 Size chart)', () => {
  it.each([
    [undefined, 'disabled'],
    [{ requiredFields: [] }, 'disabled'],
    [
      {
        requiredFields: [{ section: 'imagePage', path: 'images.sizeChartImage', title: 's', type: 'string' }],
      },
      'pending',
    ],
  ] as const)('%o → %s', (schema, expected) =>
    expect(deriveInitialSizeChartStatus(schema as never)).toBe(expected),
  );
});
