import { Alert, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useProductsT } from '../../shared/products/i18n';
import { registrationPath } from '../../shared/products/paths';
import { CategoryResults } from './category-results';
import { useRegProduct } from './use-reg-product';

/** regproduct: choose products and a Coupang category → rocketRegInfo, option numbers and the coupangDoc skeleton. */
export default function RegProductPage() {
  const { t } = useProductsT();
  const navigate = useNavigate();
  const { state, dispatch, productOptions, search, items, rocketGrowth, onKey, submit } = useRegProduct();
  const { ids, query, chosen, active, busy, error, done } = state;

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
        onChange={(v) => dispatch({ type: 'ids', ids: v })}
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
            value={query}
            onChange={(e) => dispatch({ type: 'query', query: e.currentTarget.value })}
            onKeyDown={onKey}
            aria-controls="category-results"
            data-testid="category-search"
          />
          <Text size="xs" c="dimmed" mt={6}>
            {t('category.results')} ({items.length})
          </Text>
          {rocketGrowth.hidden > 0 ? (
            <Text size="xs" c="dimmed" data-testid="category-rfm-hidden">
              {t('category.rocketGrowthOnly', { hidden: rocketGrowth.hidden })}
            </Text>
          ) : null}
          {rocketGrowth.unchecked ? (
            <Text size="xs" c="orange" data-testid="category-rfm-unchecked">
              {t('category.rocketGrowthUnchecked')}
            </Text>
          ) : null}
          <CategoryResults
            items={items}
            active={active}
            chosen={chosen}
            pending={search.isPending}
            dispatch={dispatch}
          />
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
