import { registerProduct } from '../../coupang/register-product.ts';
import { registrationDepsOf } from '../../coupang/registration-deps.ts';
import type { WorkflowTask } from '../../workflow/task.ts';

// Issue 23: registration on Coupang (opt-in, after the quotation). The registration document's Rocket
// Growth payload is sent through the Open API (a create the first time, an update of the same seller
// product on a re-send) and the product's coupangRegistration records the attempt; the review's
// outcome arrives later through the approval sync. Products through the store, keys through the
// settings reader, Coupang through TaskDeps.coupang.

export const registerTask: WorkflowTask = {
  name: 'register',
  async run(ctx) {
    const result = await registerProduct(registrationDepsOf(ctx.deps, ctx.companyId, ctx.productId));
    if (result.ok) return { status: 'completed' };
    return { status: 'error', result: 'error', message: result.message };
  },
};
