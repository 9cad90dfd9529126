import { ManualSeoResponse, type RocketProduct } from '@rr/contracts';
import type { Seo } from '@rr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { post } from '../../shared/products/http';
import { initialManualSeo, manualSeoBody, manualSeoReducer } from './seo-state';

/** The manual SEO form (`seo-state.ts`) wired to POST /api/workflow/manual-seo; closes once saved. */
export function useManualSeo(p: RocketProduct, seo: Seo, onClose: () => void) {
  const queryClient = useQueryClient();
  const [form, dispatch] = useReducer(manualSeoReducer, seo, initialManualSeo);
  const save = useMutation({
    mutationFn: (body: unknown) => post('/api/workflow/manual-seo', ManualSeoResponse, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['product', p._id] });
      void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
      onClose();
    },
  });
  const submit = () => {
    const body = manualSeoBody(form, p);
    dispatch({ type: 'submitted', ok: body !== null });
    if (body) save.mutate(body);
  };
  return { form, dispatch, save, submit };
}
