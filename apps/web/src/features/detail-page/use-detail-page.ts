import { ImageActionResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { http } from '../../app/http';
import { getProduct } from '../../shared/products/api';
import { savingAs } from '../../shared/products/http';
import { detailPageOf, detailPageReducer, shownArrangement } from './detail-page-state';

/**
 * One product's detail page: the stored product (a query), the seller's arrangement
 * (`detail-page-state.ts`) and merging the page again in that order (a mutation).
 */
export function useDetailPage(productId: string) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
  const [state, dispatch] = useReducer(detailPageReducer, null);
  const view = q.data ? detailPageOf(q.data) : null;
  const remerge = useMutation({
    mutationFn: (order: number[]) =>
      savingAs(
        'detailImageStructureUpdateFailed',
        http.post(`/api/product-images/${encodeURIComponent(productId)}/detail-page`, ImageActionResponse, {
          order,
        }),
      ),
    onSuccess: async () => {
      dispatch({ type: 'reset' });
      await client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });
  return {
    q,
    view,
    current: view ? shownArrangement(state, view) : null,
    dispatch,
    remerge,
  };
}
