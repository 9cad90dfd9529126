import { describe, expect, it } from 'vitest';
import { runTaskAlone } from '../../src/workflow/runner.ts';
import type { WorkflowTask } from '../../src/workflow/task.ts';
import { writeTaskFields } from '../../src/workflow/write-task-fields.ts';
import { createFakeDeps, fakeContext } from '../support/fake-task-deps.ts';

// A task's deps as fakes (no database): what a task sees, how its writes are recorded, and who
// writes its status.

describe('TaskDeps', () => {
  it('a task gets its deps, never the container', async () => {
    const deps = createFakeDeps();
    const id = deps.products.add({ productName: '纯棉T恤', options: [] });
    const ctx = fakeContext(deps, id);
    expect(Object.keys(ctx)).not.toContain('container');
    expect(ctx.deps).toBe(deps);
  });

  it('writeTaskFields marks the offline provider’s values as offline and keeps what the seller edited', async () => {
    const offline = createFakeDeps({ settings: { ai: { provider: 'offline' } } });
    const id = offline.products.add({ productName: '纯棉T恤', options: [{ optionNumber: 'A001' }] });
    offline.products.editAsSeller(id, { 'options.0.korName': '셀러 이름' });
    const r = await writeTaskFields(fakeContext(offline, id), {
      'seo.productName': '순면 티셔츠',
      'options.0.korName': 'AI 이름',
    });
    expect(r).toEqual({ written: ['seo.productName'], skipped: ['options.0.korName'] });
    const doc = offline.products.docOf(id);
    expect(doc.options[0].korName).toBe('셀러 이름');
    expect(doc.fieldSources).toEqual({ 'options.0.korName': 'seller', 'seo.productName': 'offline' });

    const gemini = createFakeDeps({ settings: { ai: { provider: 'gemini', apiKey: 'k' } } });
    const other = gemini.products.add({ productName: '纯棉T恤', options: [] });
    await writeTaskFields(fakeContext(gemini, other), { 'seo.productName': '순면 티셔츠' });
    expect(gemini.products.docOf(other).fieldSources).toEqual({ 'seo.productName': 'ai' });
  });

  it('outside a run the task’s status is written by the runner’s writer from its outcome, not by the task', async () => {
    const deps = createFakeDeps();
    const id = deps.products.add({ productName: '纯棉T恤', options: [], pricingStatus: 'pending' });
    const statusSeenByTask: unknown[] = [];
    const task: WorkflowTask = {
      name: 'pricing',
      async run(ctx) {
        statusSeenByTask.push(
          (await ctx.deps.products.find(ctx.companyId, ctx.productId))?.doc.pricingStatus,
        );
        return { status: 'partially_completed' };
      },
    };
    const outcome = await runTaskAlone(
      deps,
      task,
      { companyId: 'c', productId: id },
      {
        signal: new AbortController().signal,
        pauseScale: 0,
      },
    );
    expect(outcome.status).toBe('partially_completed');
    expect(statusSeenByTask).toEqual(['pending']);
    expect(deps.products.docOf(id).pricingStatus).toBe('partially_completed');
  });
});
