import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getProduct, regProduct } from '../../shared/products/api';
import { errorText, HttpError } from '../../shared/products/http';
import { productPath } from '../../shared/products/paths';
import { searchCategories } from './api';
import { categoryMinReducer, initialCategoryMinState } from './category-min-state';

/**
 * The compact picker's state machine (`category-min-state.ts`) wired to its calls: the category
 * search (a query) and applying the choice to the product, with the version it was read at.
 */
export function useCategoryMin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const productId = params.get('product');
  const [state, dispatch] = useReducer(
    categoryMinReducer,
    params.get('v') ?? undefined,
    initialCategoryMinState,
  );
  const [dq] = useDebouncedValue(state.query.trim(), 200);
  const results = useQuery({
    queryKey: ['categories', 'search', 'min', dq],
    queryFn: ({ signal }) => searchCategories(dq, false, 50, signal),
    placeholderData: (prev) => prev,
  });

  async function apply() {
    const { chosen, version } = state;
    if (!productId || !chosen) return;
    dispatch({ type: 'applying' });
    try {
      await regProduct({
        productId,
        displayCategoryCode: chosen.displayCategoryCode,
        ...(version ? { version } : {}),
      });
      dispatch({ type: 'applied' });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      navigate(productPath(productId));
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) {
        // Changed elsewhere (a task or another tab): read the product again and keep the chosen category,
        // so applying once more is one click and works on the latest version.
        const latest = await getProduct(productId).catch(() => null);
        void queryClient.invalidateQueries({ queryKey: ['product', productId] });
        dispatch({ type: 'conflict', version: latest?.updatedAt ?? undefined });
      } else dispatch({ type: 'failed', error: errorText(e) });
    }
  }

  return { productId, state, dispatch, results, apply };
}
