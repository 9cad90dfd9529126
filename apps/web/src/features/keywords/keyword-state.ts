import { type CollectedKeywordView, KEYWORD_COLLECT_TIMEOUT_MS, KEYWORD_LIMITS } from '@rr/contracts';

// The keyword screen (issue 42; spec keyword / keywordoptimize / adkeyword): a product, a seed keyword,
// a collection through the extension on Coupang's search page, and the product's collected keywords
// in a sortable table. Pure: the reducer and the rules the hook and the components read.

export type SortKey = 'keyword' | 'source' | 'rank' | 'count' | 'seed';
export type Sort = { key: SortKey; desc: boolean };

/** A collection the seller started: which seed, the keyword ids the product had then, and when (ms). */
export type Collecting = { seed: string; before: readonly string[]; startedAt: number };

export type KeywordState = {
  productId: string | null;
  seed: string;
  seedError: 'required' | 'tooLong' | null;
  collecting: Collecting | null;
  /** The last collection's end: arrived (with the new keywords' count) or timed out (30 s, the spec's). */
  outcome: { kind: 'arrived'; seed: string; count: number } | { kind: 'timedOut'; seed: string } | null;
  sort: Sort;
};

export const initialKeywordState = (productId: string | null): KeywordState => ({
  productId,
  seed: '',
  seedError: null,
  collecting: null,
  outcome: null,
  sort: { key: 'rank', desc: false },
});

export type KeywordAction =
  | { type: 'product'; productId: string | null }
  | { type: 'seed'; value: string }
  | { type: 'collect'; before: readonly string[]; now: number }
  /** The product's keywords as the server answers them now (while collecting: did the collection arrive?). */
  | { type: 'listed'; items: readonly CollectedKeywordView[]; now: number }
  | { type: 'sort'; key: SortKey };

export function seedProblem(seed: string): KeywordState['seedError'] {
  const s = seed.trim();
  if (s === '') return 'required';
  if (s.length > KEYWORD_LIMITS.seedLength) return 'tooLong';
  return null;
}

export function keywordReducer(state: KeywordState, action: KeywordAction): KeywordState {
  switch (action.type) {
    case 'product':
      return { ...initialKeywordState(action.productId), seed: state.seed, sort: state.sort };
    case 'seed':
      return { ...state, seed: action.value, seedError: null };
    case 'collect': {
      const seedError = seedProblem(state.seed);
      if (seedError || !state.productId) return { ...state, seedError };
      const collecting = { seed: state.seed.trim(), before: action.before, startedAt: action.now };
      return { ...state, collecting, outcome: null };
    }
    case 'listed': {
      const c = state.collecting;
      if (!c) return state;
      const before = new Set(c.before);
      const fresh = action.items.filter((k) => k.seed === c.seed.replace(/\s+/g, ' ') && !before.has(k.id));
      if (fresh.length > 0)
        return {
          ...state,
          collecting: null,
          outcome: { kind: 'arrived', seed: c.seed, count: fresh.length },
        };
      if (action.now - c.startedAt >= KEYWORD_COLLECT_TIMEOUT_MS)
        return { ...state, collecting: null, outcome: { kind: 'timedOut', seed: c.seed } };
      return state;
    }
    case 'sort':
      return {
        ...state,
        sort:
          state.sort.key === action.key
            ? { key: action.key, desc: !state.sort.desc }
            : { key: action.key, desc: false },
      };
  }
}

const SOURCE_ORDER = { related: 0, autocomplete: 1 } as const;

/** The table's order: by the chosen column (a missing count last either way), then seed, source, rank. */
export function sortKeywords(items: readonly CollectedKeywordView[], sort: Sort): CollectedKeywordView[] {
  const dir = sort.desc ? -1 : 1;
  const by = (a: CollectedKeywordView, b: CollectedKeywordView): number => {
    switch (sort.key) {
      case 'keyword':
        return a.keyword.localeCompare(b.keyword, 'ko') * dir;
      case 'seed':
        return a.seed.localeCompare(b.seed, 'ko') * dir;
      case 'source':
        return (SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source]) * dir;
      case 'rank':
        return (a.rank - b.rank) * dir;
      case 'count':
        if (a.count === null || b.count === null) return a.count === b.count ? 0 : a.count === null ? 1 : -1;
        return (a.count - b.count) * dir;
    }
  };
  const tie = (a: CollectedKeywordView, b: CollectedKeywordView) =>
    a.seed.localeCompare(b.seed, 'ko') || SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || a.rank - b.rank;
  return [...items].sort((a, b) => by(a, b) || tie(a, b));
}

/**
 * The Coupang search page the extension collects on: the seed as Coupang's own query, and after `#`
 * (never sent to Coupang) what the extension reads: the spec's getadkeyword fields (id, cnt,
 * relKeywordChecked, autoCompleteChecked). apps/extension/src/keyword-logic.ts reads the same form.
 */
export function coupangCollectUrl(
  seed: string,
  productId: string,
  cnt: number = KEYWORD_LIMITS.defaultCount,
): string {
  const query = new URLSearchParams({ q: seed.trim(), channel: 'user' });
  const hash = new URLSearchParams({ id: productId, cnt: String(cnt), rel: '1', ac: '1' });
  return `https://www.coupang.com/np/search?${query.toString()}#rr-keywords&${hash.toString()}`;
}
