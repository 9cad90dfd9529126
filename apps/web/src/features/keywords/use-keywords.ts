import { DeleteKeywordResponse, KEYWORD_COLLECT_TIMEOUT_MS, ListKeywordsResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { http } from '../../app/http';
import { getSummaries } from '../../shared/products/api';
import {
  coupangCollectUrl,
  initialKeywordState,
  keywordReducer,
  seedProblem,
  sortKeywords,
} from './keyword-state';

/** While a collection runs, the product's keywords are asked for this often. */
const POLL_MS = 2000;

/**
 * The keyword screen: the company's products to choose from, the chosen product's collected keywords
 * (sorted), a collection (opens Coupang's search page for the extension; waits at most 30 s for the
 * keywords to arrive) and the delete of one keyword.
 */
export function useKeywords(initialProductId: string | null, open: (url: string) => void) {
  const [state, dispatch] = useReducer(keywordReducer, initialProductId, initialKeywordState);
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: ['keyword-products'],
    queryFn: ({ signal }) => getSummaries({ pageSize: 200 }, signal),
  });
  const key = ['keywords', state.productId] as const;
  const list = useQuery({
    queryKey: key,
    enabled: state.productId !== null,
    queryFn: ({ signal }) =>
      http.get(`/api/keywords?productId=${encodeURIComponent(state.productId ?? '')}`, ListKeywordsResponse, {
        signal,
      }),
    refetchInterval: state.collecting ? POLL_MS : false,
  });
  const items = list.data?.items;
  useEffect(() => {
    if (items) dispatch({ type: 'listed', items, now: Date.now() });
  }, [items]);
  // The 30 s end even when no answer comes back (the server unreachable while waiting).
  const collecting = state.collecting;
  useEffect(() => {
    if (!collecting) return;
    const left = collecting.startedAt + KEYWORD_COLLECT_TIMEOUT_MS - Date.now();
    const timer = setTimeout(
      () => dispatch({ type: 'listed', items: [], now: Date.now() }),
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [collecting]);
  const remove = useMutation({
    mutationFn: (id: string) =>
      http.request('DELETE', `/api/keywords/${encodeURIComponent(id)}`, DeleteKeywordResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  function collect() {
    dispatch({ type: 'collect', before: (items ?? []).map((k) => k.id), now: Date.now() });
    if (state.productId && seedProblem(state.seed) === null)
      open(coupangCollectUrl(state.seed, state.productId));
  }

  return {
    state,
    dispatch,
    products,
    list,
    sorted: sortKeywords(items ?? [], state.sort),
    collect,
    remove,
  };
}
