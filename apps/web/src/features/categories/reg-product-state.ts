import type { CategoryLeaf } from '@rr/contracts';

/** The regproduct screen's state: the products, the category search and its keyboard row, the outcome. */
export type RegProductState = {
  ids: string[];
  query: string;
  chosen: CategoryLeaf | null;
  /** The search result the arrow keys move (index into the results). */
  active: number;
  /** A run is giving the products their category. */
  busy: boolean;
  error: string | null;
  /** Registration ids of the products given the category by the last run. */
  done: string[];
};

export const initialRegProductState = (ids: string[]): RegProductState => ({
  ids,
  query: '',
  chosen: null,
  active: 0,
  busy: false,
  error: null,
  done: [],
});

export type RegProductAction =
  | { type: 'ids'; ids: string[] }
  /** A new search text: the keyboard row goes back to the first result. */
  | { type: 'query'; query: string }
  | { type: 'choose'; leaf: CategoryLeaf; index: number }
  /** The arrow keys over `count` results. */
  | { type: 'move'; step: -1 | 1; count: number }
  /** The button was pressed: the last error goes. */
  | { type: 'sending' }
  /** The run cannot start (no product, no category). */
  | { type: 'failed'; error: string }
  | { type: 'running' }
  /** A run ended: the products done so far, and why it stopped when it did. */
  | { type: 'finished'; done: string[]; error?: string };

export function regProductReducer(state: RegProductState, action: RegProductAction): RegProductState {
  switch (action.type) {
    case 'ids':
      return { ...state, ids: action.ids };
    case 'query':
      return { ...state, query: action.query, active: 0 };
    case 'choose':
      return { ...state, chosen: action.leaf, active: action.index };
    case 'move':
      return {
        ...state,
        active:
          action.step > 0 ? Math.min(action.count - 1, state.active + 1) : Math.max(0, state.active - 1),
      };
    case 'sending':
      return { ...state, error: null };
    case 'failed':
      return { ...state, error: action.error };
    case 'running':
      return { ...state, busy: true };
    case 'finished':
      return { ...state, busy: false, done: action.done, error: action.error ?? state.error };
  }
}

/** The i18n key of why the run cannot start, or null. */
export function regProductBlocker(
  state: RegProductState,
): 'category.needProduct' | 'category.needCategory' | null {
  if (!state.ids.length) return 'category.needProduct';
  if (!state.chosen) return 'category.needCategory';
  return null;
}

/**
 * Issue 37: the categories a registration may use. For Rocket Growth (alone or with marketplace) only
 * the account's Rocket Growth categories (registrationType=RFM) are offered; `unchecked` when that list
 * was never fetched, so the screen says so instead of hiding anything.
 */
export function offerableCategories<T extends { displayCategoryCode: number }>(
  items: readonly T[],
  channel: 'rocket_growth' | 'marketplace' | 'hybrid' | undefined,
  rocketGrowthCodes: readonly number[] | null | undefined,
): { items: T[]; hidden: number; unchecked: boolean } {
  if (channel === 'marketplace') return { items: [...items], hidden: 0, unchecked: false };
  if (!rocketGrowthCodes) return { items: [...items], hidden: 0, unchecked: true };
  const codes = new Set(rocketGrowthCodes);
  const offered = items.filter((i) => codes.has(i.displayCategoryCode));
  return { items: offered, hidden: items.length - offered.length, unchecked: false };
}
