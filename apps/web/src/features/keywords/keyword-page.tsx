import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { KEYWORD_LIMITS } from '@rr/contracts';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/products/http';
import { useKeywordsT } from './i18n';
import { KeywordTable } from './keyword-table';
import { useKeywords } from './use-keywords';

const openTab = (url: string) => {
  window.open(url, '_blank', 'noopener');
};

/**
 * The spec's keyword screens (keyword, keywordoptimize, adkeyword; issue 42): a product, a seed
 * keyword, "쿠팡에서 수집" (the extension collects on Coupang's search page in a new tab and sends the
 * keywords to this server), and the product's collected keywords, sortable.
 */
export default function KeywordPage() {
  const { t } = useKeywordsT();
  const [params, setParams] = useSearchParams();
  const { state, dispatch, products, list, sorted, collect, remove } = useKeywords(
    params.get('product'),
    openTab,
  );
  const options = (products.data?.rows ?? []).map((p) => ({
    value: p._id,
    label: `${p.korName || p.productName || p.registrationId} (${p.registrationId})`,
  }));
  const seedError =
    state.seedError === 'required'
      ? t('seedRequired')
      : state.seedError === 'tooLong'
        ? t('seedTooLong', { max: KEYWORD_LIMITS.seedLength })
        : undefined;
  const outcome = state.outcome;

  return (
    <Stack gap="sm" maw={1100} data-testid="keyword-page">
      <Title order={2} size="h4">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {products.error ? <Alert color="red">{errorText(products.error)}</Alert> : null}
      <Group align="flex-end" gap="xs">
        <Select
          label={t('product')}
          placeholder={products.data && options.length === 0 ? t('noProducts') : t('productPlaceholder')}
          data={options}
          value={state.productId}
          searchable
          w={420}
          data-testid="keyword-product"
          onChange={(value) => {
            dispatch({ type: 'product', productId: value });
            setParams(value ? { product: value } : {});
          }}
        />
        <TextInput
          label={t('seed')}
          placeholder={t('seedPlaceholder')}
          value={state.seed}
          error={seedError}
          maxLength={KEYWORD_LIMITS.seedLength + 10}
          w={260}
          data-testid="keyword-seed"
          onChange={(e) => dispatch({ type: 'seed', value: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') collect();
          }}
        />
        <Button
          onClick={collect}
          disabled={!state.productId}
          loading={state.collecting !== null}
          data-testid="keyword-collect"
        >
          {t('collect')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('extensionHint')}
      </Text>
      {state.collecting ? (
        <Alert color="blue" data-testid="keyword-status">
          {t('collecting', { seed: state.collecting.seed })}
        </Alert>
      ) : null}
      {outcome?.kind === 'arrived' ? (
        <Alert color="green" data-testid="keyword-status">
          {t('arrived', { seed: outcome.seed, count: outcome.count })}
        </Alert>
      ) : null}
      {outcome?.kind === 'timedOut' ? (
        <Alert color="red" data-testid="keyword-status">
          {t('timedOut', { seed: outcome.seed })}
        </Alert>
      ) : null}
      {list.error ? <Alert color="red">{errorText(list.error)}</Alert> : null}
      {remove.error ? <Alert color="red">{errorText(remove.error)}</Alert> : null}
      {state.productId && list.isPending ? <Text c="dimmed">{t('loading')}</Text> : null}
      {state.productId && list.data ? (
        <>
          <Text size="sm">{t('total', { count: sorted.length })}</Text>
          <KeywordTable
            items={sorted}
            sort={state.sort}
            onSort={(key) => dispatch({ type: 'sort', key })}
            onDelete={(id) => remove.mutate(id)}
            deleting={remove.isPending ? (remove.variables ?? null) : null}
          />
        </>
      ) : null}
    </Stack>
  );
}
