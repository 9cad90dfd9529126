import { Import1688Response, type ImportInput } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { errorText, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { importInputs, importReducer, initialImportState, readUpload, type Upload } from './import-state';

function importCall(inputs: ImportInput[], confirmOfferIds: string[] = []) {
  return post('/api/import1688', Import1688Response, { inputs, confirmOfferIds });
}

/**
 * The import screen's state machine (`import-state.ts`) wired to its calls: reading the chosen files,
 * the import (a mutation) and the seller's confirmation of one offer's re-import (a mutation).
 */
export function useImport() {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(importReducer, initialImportState);

  async function addFiles(list: File[]) {
    const files: Upload[] = [];
    const errors: string[] = [];
    for (const f of list) {
      const upload = readUpload(f.name, await f.text());
      if (upload) files.push(upload);
      else errors.push(t('import.badJson', { name: f.name }));
    }
    dispatch({ type: 'filesRead', files, errors });
  }

  const runImport = useMutation({
    mutationFn: (inputs: ImportInput[]) => importCall(inputs),
    onMutate: () => dispatch({ type: 'sending' }),
    onSuccess: (res, inputs) => {
      dispatch({ type: 'imported', results: res.results, inputs });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (e) => dispatch({ type: 'failed', message: errorText(e) }),
  });

  const applyOffer = useMutation({
    // Same inputs again, this time with the seller's confirmation for this offer only.
    mutationFn: (offerId: string) => importCall(state.lastInputs, [offerId]),
    onMutate: () => dispatch({ type: 'sending' }),
    onSuccess: (res, offerId) => {
      dispatch({ type: 'applied', offerId, result: res.results.find((n) => n.offerId === offerId) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: (e) => dispatch({ type: 'failed', message: errorText(e) }),
  });

  function run() {
    const inputs = importInputs(state.text, state.files, t('import.paste'));
    if (!inputs.length) dispatch({ type: 'failed', message: t('import.nothing') });
    else runImport.mutate(inputs);
  }

  return {
    state,
    dispatch,
    addFiles,
    run,
    busy: runImport.isPending,
    /** The offer whose re-import is being confirmed, if any. */
    applying: applyOffer.isPending ? (applyOffer.variables ?? null) : null,
    apply: (offerId: string) => applyOffer.mutate(offerId),
  };
}
