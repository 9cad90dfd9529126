import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { registrationPath } from '../../shared/products/paths';
import { CoupangRegistrationSection } from '../coupang/coupang-registration-section';
import { CategoryNotice, ProductHeader } from './product-header';
import { ProductTabs } from './product-tabs';
import { useProduct } from './use-product-page';

/** The page's sections, top to bottom; each gets the product. A new section is one more line here. */
const SECTIONS: readonly { id: string; Section: ComponentType<{ p: RocketProduct }> }[] = [
  { id: 'header', Section: ProductHeader },
  { id: 'category-notice', Section: CategoryNotice },
  { id: 'coupang', Section: CoupangRegistrationSection },
  { id: 'tabs', Section: ProductTabs },
];

/** One product (AIRocketReg?product=id): its header and its tabs (source, options, one per task). */
export function ProductPage({ productId }: { productId: string }) {
  const { t } = useProductsT();
  const q = useProduct(productId);

  if (q.isPending) return <Text c="dimmed">{t('product.loading')}</Text>;
  if (q.error)
    return (
      <Alert color="red" title={t('product.notFound')}>
        {errorText(q.error)}
      </Alert>
    );
  const p = q.data;
  if (!p)
    return (
      <Stack>
        <Alert color="yellow">{t('product.notFound')}</Alert>
        <Anchor component={Link} to={registrationPath}>
          {t('product.back')}
        </Anchor>
      </Stack>
    );

  return (
    <Stack gap="xs">
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} p={p} />
      ))}
    </Stack>
  );
}
