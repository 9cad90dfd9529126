import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryLeaf, CategorySearchResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getSummaries, regProduct } from '../../shared/products/api';
import { errorText, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { productPath, registrationPath } from '../../shared/products/paths';
import classes from './categories.module.css';

/** regproduct: choose products and a Coupang category → rocketRegInfo, option numbers and the coupangDoc skeleton. */
export default function RegProductPage() {
  const { t } = useProductsT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [ids, setIds] = useState<string[]>(() => (params.get('ids') ?? '').split(',').filter(Boolean));
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q, 200);
  const [chosen, setChosen] = useState<CategoryLeaf | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string[]>([]);

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
      post<CategorySearchResponse>('/api/category/search', { q: dq, limit: 100 }, signal).then(
        (r) => r.items,
      ),
    placeholderData: (prev) => prev,
  });
  const items = search.data ?? [];

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      setActive((a) => Math.min(items.length - 1, a + 1));
      e.preventDefault();
    } else if (e.key === 'ArrowUp') {
      setActive((a) => Math.max(0, a - 1));
      e.preventDefault();
    } else if (e.key === 'Enter' && items[active]) {
      setChosen(items[active]);
      e.preventDefault();
    }
  };

  async function submit() {
    setError(null);
    if (!ids.length) return setError(t('category.needProduct'));
    if (!chosen) return setError(t('category.needCategory'));
    setBusy(true);
    const ok: string[] = [];
    try {
      for (const productId of ids) {
        const res = await regProduct({ productId, displayCategoryCode: chosen.displayCategoryCode });
        ok.push(res.product.registrationId);
      }
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      setDone(ok);
      if (ids.length === 1 && ids[0]) navigate(productPath(ids[0]));
    } catch (e) {
      setDone(ok);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" maw={1100}>
      <Title order={2} size="h4">
        {t('category.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('category.intro')}
      </Text>
      <MultiSelect
        label={t('category.product')}
        placeholder={t('category.searchProduct')}
        data={productOptions}
        value={ids}
        onChange={setIds}
        searchable
        clearable
        maxDropdownHeight={300}
        data-testid="regproduct-products"
      />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Paper withBorder p="sm" style={{ flex: 1 }}>
          <TextInput
            label={t('category.search')}
            placeholder={t('category.searchPlaceholder')}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKey}
            aria-controls="category-results"
            data-testid="category-search"
          />
          <Text size="xs" c="dimmed" mt={6}>
            {t('category.results')} ({items.length})
          </Text>
          <ScrollArea h={360} mt={4}>
            <div id="category-results" role="listbox" aria-label={t('category.results')}>
              {items.length === 0 && !search.isPending ? (
                <Text size="sm" c="dimmed" p="xs">
                  {t('category.noResults')}
                </Text>
              ) : null}
              {items.map((c, k) => (
                <UnstyledButton
                  key={c.displayCategoryCode}
                  role="option"
                  aria-selected={chosen?.displayCategoryCode === c.displayCategoryCode}
                  className={classes.item}
                  data-active={k === active || undefined}
                  data-chosen={chosen?.displayCategoryCode === c.displayCategoryCode || undefined}
                  onClick={() => {
                    setChosen(c);
                    setActive(k);
                  }}
                >
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {c.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {c.path.split('>').join(' › ')}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="dimmed" ff="monospace">
                        {c.displayCategoryCode}
                      </Text>
                      {c.hasSchema ? (
                        <Badge size="xs" color="teal" variant="light">
                          {t('category.hasSchema')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Group>
                </UnstyledButton>
              ))}
            </div>
          </ScrollArea>
        </Paper>
        <Paper withBorder p="sm" w={340}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('category.chosen')}
            </Text>
            {chosen ? (
              <div data-testid="category-chosen">
                <Text fw={700}>{chosen.name}</Text>
                <Text size="xs" c="dimmed">
                  {chosen.path.split('>').join(' › ')}
                </Text>
                <Text size="xs" ff="monospace">
                  {chosen.displayCategoryCode} ·{' '}
                  {chosen.hasSchema ? t('category.hasSchema') : t('category.generic')}
                </Text>
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
            <Button onClick={() => void submit()} loading={busy} data-testid="regproduct-submit">
              {t('category.submit')}
            </Button>
            {error ? (
              <Alert color="red" py={6} role="alert">
                {error}
              </Alert>
            ) : null}
            {done.length ? (
              <Alert color="green" py={6}>
                {done.map((id) => t('category.done', { id })).join(' ')}{' '}
                <Button size="compact-xs" variant="subtle" onClick={() => navigate(registrationPath)}>
                  →
                </Button>
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Group>
    </Stack>
  );
}
