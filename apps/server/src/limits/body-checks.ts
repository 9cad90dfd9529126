import { checkCategoryMetaBudget } from '../categories/category-meta-budget.ts';
import { checkCaptureBudget } from '../products/capture-budget.ts';

// Budgets a route's large body must fit, run in the work pool right after the body is parsed there
// (http/json-body.ts): a body past its budget is refused in the thread (an AppError, 413 in Korean)
// and its parsed value never crosses back to the request loop. Each check is pure and throws the same
// AppError its service throws for a small body (parsed on the loop and checked by the service).

export const BODY_CHECKS = {
  /** POST /api/import1688: each capture's text and all of them together (MAX_CAPTURE(S)_CHARS). */
  captures: (body: unknown) => {
    const inputs = (body as { inputs?: unknown } | null)?.inputs;
    if (Array.isArray(inputs)) checkCaptureBudget(inputs);
  },
  /** POST /api/category/meta: the answer's counts (CATEGORY_META_LIMITS). */
  categoryMeta: (body: unknown) => checkCategoryMetaBudget((body as { meta?: unknown } | null)?.meta),
} satisfies Record<string, (body: unknown) => void>;

export type BodyCheck = keyof typeof BODY_CHECKS;
