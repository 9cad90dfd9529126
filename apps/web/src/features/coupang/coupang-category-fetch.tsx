import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { coupangErrorText, fetchCoupangCategoryMeta, refreshCoupangCategories } from './api';
import { useCoupangT } from './i18n';

/**
 * Category data from the source: the category's metadata fetched with the seller's keys (saved as the
 * company's schema, as a pasted answer is), and the display-category tree fetched again. Sellers
 * without keys keep pasting.
 */
export function CoupangCategoryFetch({ code, path }: { code: string | number; path: string }) {
  const { t } = useCoupangT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: 'meta' | 'tree' | null; ok: boolean; text: string }>({
    busy: null,
    ok: true,
    text: '',
  });

  async function meta() {
    const n = Number(code);
    if (!Number.isInteger(n) || n <= 0) return;
    setState({ busy: 'meta', ok: true, text: '' });
    try {
      const r = await fetchCoupangCategoryMeta({
        displayCategoryCode: n,
        ...(path.trim() ? { categoryPath: path.trim() } : {}),
      });
      setState({ busy: null, ok: true, text: t('categories.metaFetched', { code: r.displayCategoryCode }) });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    } catch (e) {
      setState({ busy: null, ok: false, text: `${coupangErrorText(e)} ${t('categories.noKeys')}` });
    }
  }
  async function tree() {
    setState({ busy: 'tree', ok: true, text: '' });
    try {
      const r = await refreshCoupangCategories();
      setState({ busy: null, ok: true, text: t('categories.treeRefreshed', { count: r.category.length }) });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    } catch (e) {
      setState({ busy: null, ok: false, text: coupangErrorText(e) });
    }
  }

  return (
    <>
      <Button
        variant="light"
        onClick={() => void meta()}
        loading={state.busy === 'meta'}
        disabled={!Number(code)}
        data-testid="coupang-fetch-meta"
      >
        {t('categories.fromCoupang')}
      </Button>
      <Button
        variant="subtle"
        onClick={() => void tree()}
        loading={state.busy === 'tree'}
        data-testid="coupang-fetch-tree"
      >
        {t('categories.refreshTree')}
      </Button>
      {state.text ? (
        <Text
          size="xs"
          c={state.ok ? 'teal' : 'red'}
          role={state.ok ? 'status' : 'alert'}
          data-testid="coupang-fetch-result"
        >
          {state.text}
        </Text>
      ) : null}
    </>
  );
}
