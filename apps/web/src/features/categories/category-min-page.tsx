import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryLeaf } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getProduct, regProduct } from '../../shared/products/api';
import { errorText, HttpError } from '../../shared/products/http';
import { productPath } from '../../shared/products/paths';
import { searchCategories } from './api';
import classes from './categories.module.css';
import { useCategoriesT } from './i18n';

/** /category_min?product=id: the compact category picker the product page opens. */
export default function CategoryMinPage() {
  const { t } = useCategoriesT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const productId = params.get('product');
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 200);
  const [chosen, setChosen] = useState<CategoryLeaf | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['categories', 'search', 'min', dq],
    queryFn: ({ signal }) => searchCategories(dq, false, 50, signal),
    placeholderData: (prev) => prev,
  });

  // The version of the product the seller was looking at: the server answers 409 if it changed since.
  const [version, setVersion] = useState(() => params.get('v') ?? undefined);
  const [conflict, setConflict] = useState(false);

  async function apply() {
    if (!productId || !chosen) return;
    setBusy(true);
    setError(null);
    setConflict(false);
    try {
      await regProduct({
        productId,
        displayCategoryCode: chosen.displayCategoryCode,
        ...(version ? { version } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      navigate(productPath(productId));
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) {
        // Changed elsewhere (a task or another tab): read the product again and keep the chosen category,
        // so applying once more is one click and works on the latest version.
        const latest = await getProduct(productId).catch(() => null);
        void queryClient.invalidateQueries({ queryKey: ['product', productId] });
        setVersion(latest?.updatedAt ?? undefined);
        setConflict(true);
      } else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" maw={560}>
      <Title order={2} size="h5">
        {t('min.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {productId ? t('min.intro') : t('min.noProduct')}
      </Text>
      <Paper withBorder p="xs">
        <TextInput
          size="xs"
          placeholder={t('browse.searchPlaceholder')}
          aria-label={t('browse.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-testid="category-min-search"
          autoFocus
        />
        <ScrollArea h={280} mt={4}>
          {(results.data ?? []).map((l) => (
            <UnstyledButton
              key={l.displayCategoryCode}
              className={classes.item}
              data-chosen={chosen?.displayCategoryCode === l.displayCategoryCode || undefined}
              onClick={() => setChosen(l)}
            >
              <Text size="xs" fw={600} span>
                {l.name}
              </Text>{' '}
              <Text size="xs" c="dimmed" span>
                {l.path.split('>').slice(0, -1).join(' › ')} · {l.displayCategoryCode}
              </Text>
            </UnstyledButton>
          ))}
        </ScrollArea>
      </Paper>
      {conflict ? (
        <Alert color="yellow" py={4} role="alert" data-testid="category-min-conflict">
          {t('min.conflict')}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" py={4} role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!productId || !chosen}
          loading={busy}
          onClick={() => void apply()}
          data-testid="category-min-apply"
        >
          {t('min.choose')}
        </Button>
        {productId ? (
          <Button size="xs" variant="subtle" component={Link} to={productPath(productId)}>
            {t('min.back')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
