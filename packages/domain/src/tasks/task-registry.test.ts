import { describe, expect, it } from 'vitest';
import { QUOTATION_PREREQUISITES } from '../rules/status/plan-batch-tasks.ts';
import {
  AFTER_QUOTATION_TASKS,
  AI_WORK_TYPES,
  DEFAULT_RUN_TASKS,
  TASK_FEATURES,
  TASK_ORDER,
  TASK_REGISTRY,
  TASK_STATUS_FIELD_LIST,
  TASK_STATUS_FIELDS,
  taskDefinition,
  taskOfFeature,
} from './task-registry.ts';

describe('task registry', () => {
  it('lists the spec’s batch order with quotation last of the spec’s tasks (W §4), then the opt-in register', () => {
    const spec = [
      'seo',
      'pricing',
      'mainImage',
      'additionalImage',
      'detailImage',
      'koreanLabel',
      'sizeChart',
      'quotation',
    ];
    expect(TASK_ORDER).toEqual([...spec, 'register']);
    // "All tasks" is the spec's batch: registration on Coupang runs only when chosen, after the quotation.
    expect(DEFAULT_RUN_TASKS).toEqual(spec);
    expect(AFTER_QUOTATION_TASKS).toEqual(['register']);
  });

  it('names the spec’s status fields (W §3) and updateFeature features (W §5)', () => {
    expect(TASK_STATUS_FIELD_LIST).toEqual([
      'seoStatus',
      'pricingStatus',
      'mainImageStatus',
      'additionalImageStatus',
      'detailImageStatus',
      'koreanLabelStatus',
      'sizeChartStatus',
      'quotationStatus',
      'registerStatus',
    ]);
    expect(TASK_STATUS_FIELDS.koreanLabel).toBe('koreanLabelStatus');
    expect(TASK_FEATURES).toEqual([
      'seo',
      'pricing',
      'additionalImages',
      'detailImages',
      'koreanLabels',
      'quotation',
    ]);
    expect(taskOfFeature('koreanLabels')?.name).toBe('koreanLabel');
    expect(taskOfFeature('mainImage')).toBeUndefined();
  });

  it('quotation waits for every other spec task; register waits for the quotation; no other task has prerequisites', () => {
    expect(QUOTATION_PREREQUISITES).toEqual(DEFAULT_RUN_TASKS.filter((t) => t !== 'quotation'));
    expect(taskDefinition('register').prerequisites).toEqual(['quotation']);
    for (const t of TASK_REGISTRY)
      if (t.name !== 'quotation' && t.name !== 'register') expect(t.prerequisites).toEqual([]);
  });

  it('every AI work type of W §7 / Q §7 belongs to some task, and tasks send only known types', () => {
    const used = new Set(TASK_REGISTRY.flatMap((t) => [...t.workTypes]));
    expect([...used].sort()).toEqual([...AI_WORK_TYPES].sort());
    expect(taskDefinition('pricing').workTypes).toEqual([]);
  });

  it('has a Korean and an English label, full and short, for every task', () => {
    for (const t of TASK_REGISTRY) {
      for (const label of [t.label, t.shortLabel]) {
        expect(label.ko).toMatch(/\S/);
        expect(label.en).not.toMatch(/[\uAC00-\uD7A3]/);
      }
    }
    expect(taskDefinition('quotation').label).toEqual({ ko: '견적서', en: 'Quotation' });
  });
});
