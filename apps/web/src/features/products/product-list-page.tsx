import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductSummary } from '@rr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getSummaries } from '../../shared/products/api';
import { dateTime, num } from '../../shared/products/format';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { importPath, productPath } from '../../shared/products/paths';
import { Thumb } from '../../shared/products/thumb';
import { type Column, DataTable } from '../../ui/data-table';
import { TitleSection } from '../../ui/title-section';

const PAGE_SIZE = 50;

/** listproduct: every product of the company, a page at a time. */
export default function ProductListPage() {
  const { t } = useProductsT();
  const [text, setText] = useState('');
  const [dText] = useDebouncedValue(text, 250);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['products', 'summary', 'list', dText, page],
    queryFn: ({ signal }) =>
      getSummaries(
        { page, pageSize: PAGE_SIZE, sort: 'updatedAt', order: 'desc', ...(dText ? { text: dText } : {}) },
        signal,
      ),
    placeholderData: (prev) => prev,
  });
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const columns: Column<ProductSummary>[] = [
    { key: 'thumb', header: t('reg.thumbnail'), width: 44, render: (r) => <Thumb src={r.thumbnail} /> },
    {
      key: 'id',
      header: t('reg.registrationId'),
      width: 160,
      render: (r) => (
        <Anchor component={Link} to={productPath(r._id)} size="xs" ff="monospace">
          {r.registrationId}
        </Anchor>
      ),
    },
    { key: 'name', header: t('reg.korName'), render: (r) => r.korName || r.productName },
    { key: 'offer', header: t('list.offerId'), width: 130, render: (r) => r.offerId ?? '—' },
    { key: 'opt', header: t('reg.options'), width: 60, align: 'right', render: (r) => num(r.optionCount) },
    {
      key: 'cat',
      header: t('list.category'),
      width: 200,
      render: (r) => r.categoryPath?.split('>').slice(-2).join(' > ') ?? t('reg.notRegistered'),
    },
    { key: 'upd', header: t('reg.updatedAt'), width: 130, render: (r) => dateTime(r.updatedAt) },
  ];
  return (
    <div>
      <TitleSection
        title={t('list.title')}
        description={t('list.count', { n: num(total) })}
        addTo={importPath}
        addLabel={t('reg.import')}
      />
      {q.error ? (
        <Text c="red" role="alert">
          {errorText(q.error)}
        </Text>
      ) : null}
      <DataTable
        caption={t('list.title')}
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r._id}
        loading={q.isPending}
        emptyMessage={t('reg.emptyAll')}
        toolbar={
          <TextInput
            size="xs"
            w={280}
            aria-label={t('reg.search')}
            placeholder={t('reg.searchPlaceholder')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setPage(1);
            }}
          />
        }
      />
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('list.prev')}
        </Button>
        <Text size="xs">{t('list.page', { page, pages })}</Text>
        <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('list.next')}
        </Button>
      </Group>
    </div>
  );
}
