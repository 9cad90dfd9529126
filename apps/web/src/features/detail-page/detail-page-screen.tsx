import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/http';
import { getSummaries } from '../../shared/products/api';
import { ProductDetailPage } from './detail-page-product';
import { useDetailPageT } from './i18n';

/**
 * AI 상세페이지 (/AIpage, /AIpageV2): a product's detail page as it will be published — the merged
 * 800 px image, the top and bottom images from the settings, reorder and drop images, merge again.
 */
export function DetailPageScreen({ variant }: { variant: 'v1' | 'v2' }) {
  const { t } = useDetailPageT();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const list = useQuery({
    queryKey: ['detail-page-products'],
    queryFn: ({ signal }) => getSummaries({ pageSize: 500, inRegistration: true }, signal),
  });
  return (
    <Stack gap="sm" p="md" maw={1400}>
      <Title order={2}>{variant === 'v2' ? t('titleV2') : t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      <Select
        label={t('product')}
        placeholder={t('productPlaceholder')}
        searchable
        w={480}
        data={(list.data?.rows ?? []).map((r) => ({
          value: r._id,
          label: `${r.registrationId} · ${r.korName || r.productName}`,
        }))}
        value={productId}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (v) next.set('product', v);
            else next.delete('product');
            return next;
          })
        }
        nothingFoundMessage="—"
        data-testid="detail-page-product"
      />
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      {productId ? (
        <ProductDetailPage key={productId} productId={productId} />
      ) : (
        <Text c="dimmed">{t('pickProduct')}</Text>
      )}
    </Stack>
  );
}
