import { useDebouncedValue } from '@mantine/hooks';
import { CategorySearchResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useReducer } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getSummaries, regProduct } from '../../shared/products/api';
import { errorText, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { productPath } from '../../shared/products/paths';
import { getExportSettings } from '../exports/api';
import {
  initialRegProductState,
  offerableCategories,
  regProductBlocker,
  regProductReducer,
} from './reg-product-state';

/**
 * The regproduct screen's state machine (`reg-product-state.ts`) wired to its calls: the product
 * picker and the category search (queries), and giving each chosen product the category.
 */
export function useRegProduct() {
  const { t } = useProductsT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(regProductReducer, params, (p) =>
    initialRegProductState((p.get('ids') ?? '').split(',').filter(Boolean)),
  );
  const [dq] = useDebouncedValue(state.query, 200);

  const products = useQuery({
    queryKey: ['products', 'summary', 'picker'],
    queryFn: ({ signal }) =>
      getSummaries({ page: 1, pageSize: 2000, sort: 'updatedAt', order: 'desc' }, signal),
  });
  const productOptions = (products.data?.rows ?? []).map((r) => ({
    value: r._id,
    label: `${r.registrationId} · ${r.korName || r.productName}${r.categoryPath ? ` (${t('category.already', { path: r.categoryPath.split('>').pop() })})` : ''}`,
  }));

  const search = useQuery({
    queryKey: ['categories', 'search', dq],
    queryFn: ({ signal }) =>
      post('/api/category/search', CategorySearchResponse, { q: dq, limit: 100 }, signal).then(
        (r) => r.items,
      ),
    placeholderData: (prev) => prev,
  });
  // Issue 37: a Rocket Growth registration is offered Rocket Growth categories only.
  const seller = useQuery({ queryKey: ['export-settings'], queryFn: getExportSettings });
  const offer = offerableCategories(
    search.data ?? [],
    seller.data?.seller.channel,
    seller.data?.rocketGrowthCategoryCodes,
  );
  const items = offer.items;

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      dispatch({ type: 'move', step: e.key === 'ArrowDown' ? 1 : -1, count: items.length });
      e.preventDefault();
    } else if (e.key === 'Enter') {
      const leaf = items[state.active];
      if (!leaf) return;
      dispatch({ type: 'choose', leaf, index: state.active });
      e.preventDefault();
    }
  };

  async function submit() {
    dispatch({ type: 'sending' });
    const blocker = regProductBlocker(state);
    const { ids, chosen } = state;
    if (blocker || !chosen) return dispatch({ type: 'failed', error: t(blocker ?? 'category.needCategory') });
    dispatch({ type: 'running' });
    const ok: string[] = [];
    try {
      for (const productId of ids) {
        const res = await regProduct({ productId, displayCategoryCode: chosen.displayCategoryCode });
        ok.push(res.product.registrationId);
      }
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      dispatch({ type: 'finished', done: ok });
      if (ids.length === 1 && ids[0]) navigate(productPath(ids[0]));
    } catch (e) {
      dispatch({ type: 'finished', done: ok, error: errorText(e) });
    }
  }

  const rocketGrowth = { hidden: offer.hidden, unchecked: offer.unchecked && seller.isSuccess };
  return { state, dispatch, productOptions, search, items, rocketGrowth, onKey, submit };
}
