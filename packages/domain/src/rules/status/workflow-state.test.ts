import { describe, expect, it } from 'vitest';
import { batchWaitAfterTask, quotationRetryWait } from './batch-wait.ts';
import { INITIAL_WORKFLOW_STATE, reduceWorkflowState, type WorkflowEvent } from './workflow-state.ts';

describe('reduceWorkflowState (W §4 Workflow state)', () => {
  it('tracks the current task, completed tasks and clamped progress', () => {
    const events: WorkflowEvent[] = [
      { type: 'SET_PROCESSING', isProcessing: true, message: '처리 중' },
      { type: 'TASK_STARTED', task: 'seo' },
      { type: 'ADD_COMPLETED_TASK', task: 'seo' },
      { type: 'ADD_COMPLETED_TASK', task: 'seo' },
      { type: 'TASK_STARTED', task: 'pricing' },
      { type: 'ADD_COMPLETED_TASK', task: 'mainImage' },
    ];
    const state = events.reduce(reduceWorkflowState, INITIAL_WORKFLOW_STATE);
    expect(state).toEqual({
      currentTask: 'pricing',
      completedTasks: ['seo', 'mainImage'],
      progress: 25,
      isProcessing: true,
      message: '처리 중',
    });
    const all = (
      [
        'seo',
        'pricing',
        'mainImage',
        'additionalImage',
        'detailImage',
        'koreanLabel',
        'sizeChart',
        'quotation',
      ] as const
    ).reduce(
      (s, task) => reduceWorkflowState(s, { type: 'ADD_COMPLETED_TASK', task }),
      INITIAL_WORKFLOW_STATE,
    );
    expect(all.progress).toBe(100);
    expect(reduceWorkflowState(state, { type: 'SET_PROCESSING', isProcessing: false }).message).toBe('');
    expect(reduceWorkflowState(state, { type: 'SET_PROCESSING', isProcessing: true }).message).toBe('');
    expect(reduceWorkflowState(state, { type: 'RESET' })).toBe(INITIAL_WORKFLOW_STATE);
  });
});

describe('batch waits (W §4)', () => {
  it.each([
    ['ok', 2000],
    ['error', 500],
  ] as const)('after %s → %s ms', (outcome, ms) => expect(batchWaitAfterTask(outcome)).toBe(ms));

  it.each([
    ['completed', 0, null],
    ['split_completed', 0, null],
    ['error', 0, 3000],
    [undefined, 0, 3000],
    ['error', 1, null],
  ])('quotation result %o at attempt %s → %o', (result, attempt, wait) =>
    expect(quotationRetryWait(result, attempt)).toBe(wait),
  );
});
