import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getProduct } from '../../shared/products/api';
import { tabOf, withTab } from './product-page-state';

/** The product the page shows (reloaded after each change through the ['product', id] query). */
export function useProduct(productId: string) {
  return useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
}

/** The open tab, kept in the URL (replaced, not pushed: the back button leaves the product). */
export function useProductTab() {
  const [params, setParams] = useSearchParams();
  const setTab = (tab: string | null) => setParams((prev) => withTab(prev, tab), { replace: true });
  return { tab: tabOf(params), setTab };
}
