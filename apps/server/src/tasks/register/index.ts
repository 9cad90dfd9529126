import type { WorkflowTask } from '../../workflow/task.ts';

// Issue 23: registration on Coupang (opt-in, after the quotation). The registration document's Rocket
// Growth payload is sent through the Open API (a create the first time, an update of the same seller
// product on a re-send) and the product's coupangRegistration records the attempt; the review's
// outcome arrives later through the approval sync. The work is the Coupang service's (over narrow
// product access), so this task only says how it ended.

export const registerTask: WorkflowTask = {
  name: 'register',
  async run(ctx) {
    const result = await ctx.container.coupang.register(ctx.companyId, ctx.productId);
    if (result.ok) return { status: 'completed' };
    return { status: 'error', result: 'error', message: result.message };
  },
};
