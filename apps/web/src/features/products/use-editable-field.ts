import type { RocketProduct } from '@rr/contracts';
import type { FieldSource } from '@rr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { updatePartial } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import {
  editableFieldReducer,
  fieldHint,
  initialFieldState,
  storedText,
  valueToSave,
} from './editable-field-state';
import { setPath } from './set-path';

const draftKey = (productId: string, path: string) => `rr-draft:${productId}:${path}`;

function readDraft(productId: string, path: string): string | null {
  try {
    return sessionStorage.getItem(draftKey(productId, path));
  } catch {
    return null;
  }
}
function writeDraft(productId: string, path: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(draftKey(productId, path));
    else sessionStorage.setItem(draftKey(productId, path), value);
  } catch {
    // storage unavailable: the draft lives in the field only
  }
}

export type EditableFieldOptions = {
  productId: string;
  path: string;
  value: unknown;
  kind: 'text' | 'number' | 'textarea';
  toSave?: ((text: string) => unknown) | undefined;
  source?: FieldSource | undefined;
};

/**
 * The field's state machine (`editable-field-state.ts`) wired to the partial update: the draft in
 * session storage, the product in the query cache updated with what the server stored.
 */
export function useEditableField({ productId, path, value, kind, toSave, source }: EditableFieldOptions) {
  const { t, i18n } = useProductsT();
  const queryClient = useQueryClient();
  const stored = storedText(value);
  const [state, dispatch] = useReducer(editableFieldReducer, null, () =>
    initialFieldState(stored, readDraft(productId, path), t('product.saveFailed', { message: '' })),
  );
  const dirty = state.text !== stored;

  // The stored value changed under us (another save, a reload): follow it unless the seller is typing.
  useEffect(() => {
    dispatch({ type: 'storedChanged', stored, hasDraft: readDraft(productId, path) !== null });
  }, [stored, productId, path]);

  async function save() {
    if (!dirty) return;
    const typed = state.text;
    const saveValue = valueToSave(typed, kind, toSave);
    writeDraft(productId, path, typed);
    dispatch({ type: 'saving' });
    try {
      const res = await updatePartial(productId, { [path]: saveValue });
      writeDraft(productId, path, null);
      // The document rules may store something else than was typed: show what was stored and why.
      const change = res.normalized?.find((c) => c.path === path);
      const storedValue = change ? change.stored : saveValue;
      const text = storedText(storedValue);
      dispatch({
        type: 'saved',
        typed,
        storedText: change ? text : null,
        note: change ? `${change.reason[i18n.language === 'en' ? 'en' : 'ko']} (${text || '—'})` : null,
      });
      queryClient.setQueryData<RocketProduct | null>(['product', productId], (old) =>
        old ? { ...setPath(old, path, storedValue), updatedAt: res.updatedAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
      // the server now marks the value as the seller's (fieldSources)
      if ((source && source !== 'seller') || change)
        void queryClient.invalidateQueries({ queryKey: ['product', productId] });
    } catch (e) {
      dispatch({ type: 'failed', error: t('product.saveFailed', { message: errorText(e) }) });
    }
  }

  const hint = fieldHint(state, dirty);
  return {
    state,
    stored,
    setText: (text: string) => dispatch({ type: 'type', text }),
    save,
    hint: hint === 'saving' ? t('product.saving') : hint === 'saved' ? t('product.saved') : hint?.note,
  };
}
