import type { CategoryMetaRequest } from '@rr/contracts';
import { listPurchaseOptions } from '@rr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { errorText } from '../../shared/products/http';
import { addCategoryReducer, checkAddCategory, initialAddCategoryState } from './add-category-state';
import { saveCategoryMeta } from './api';
import { useCategoriesT } from './i18n';

/** The add-category screen's state machine (`add-category-state.ts`) wired to the save (a mutation). */
export function useAddCategory() {
  const { t } = useCategoriesT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(addCategoryReducer, initialAddCategoryState);

  const save = useMutation({
    mutationFn: (body: CategoryMetaRequest) => saveCategoryMeta(body),
    onSuccess: (r) => {
      const { schema } = r;
      dispatch({
        type: 'saved',
        code: r.displayCategoryCode,
        message: t('add.saved', {
          path: r.categoryPath,
          code: r.displayCategoryCode,
          attributes: schema.attributes.length,
          options: listPurchaseOptions(schema).length,
          notices: schema.noticeCategories.length,
          certs: schema.certifications.length,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
    onError: (e) => dispatch({ type: 'failed', error: errorText(e) }),
  });

  function submit() {
    dispatch({ type: 'sending' });
    const check = checkAddCategory(state);
    if (!check.ok) {
      const error =
        check.error === 'add.invalidJson' ? t(check.error, { message: check.message }) : t(check.error);
      dispatch({ type: 'failed', error });
      return;
    }
    save.mutate({
      displayCategoryCode: check.code,
      ...(check.path ? { categoryPath: check.path } : {}),
      meta: check.meta,
    });
  }

  async function readFile(file: File | null) {
    if (file) dispatch({ type: 'edit', patch: { text: await file.text() } });
  }

  return { state, dispatch, submit, readFile, busy: save.isPending };
}
