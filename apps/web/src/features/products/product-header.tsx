import { Alert, Anchor, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { productDisplayName } from '@rr/domain';
import { Link } from 'react-router';
import { dateTime } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { registrationPath, regProductPath } from '../../shared/products/paths';
import { StatusChips } from '../../shared/products/status';
import { Thumb } from '../../shared/products/thumb';
import { categoryMinPath, shortCategory } from './product-page-state';

/** The product's name, ids, statuses, and its category (or the way to choose one). */
export function ProductHeader({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Thumb src={p.mainImages?.[0] ?? null} size={56} />
        <Stack gap={2}>
          <Group gap="xs">
            <Anchor component={Link} to={registrationPath} size="xs">
              ← {t('product.back')}
            </Anchor>
            <Code>{p.registrationId}</Code>
            {p.source?.offerId ? (
              <Text size="xs" c="dimmed">
                {t('product.sourceOffer', { id: p.source.offerId })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {dateTime(p.updatedAt)}
            </Text>
          </Group>
          <Title order={2} size="h4" data-testid="product-title">
            {productDisplayName(p)}
          </Title>
          <Text size="xs" c="dimmed" lang="zh">
            {p.productName}
          </Text>
          <StatusChips statuses={p} />
        </Stack>
      </Group>
      <Stack gap={4} align="flex-end">
        {p.rocketRegInfo ? (
          <Badge
            component={Link}
            to={categoryMinPath(p)}
            variant="light"
            size="lg"
            radius="sm"
            style={{ cursor: 'pointer' }}
            title={p.rocketRegInfo.categoryPath}
            data-testid="product-category"
          >
            {shortCategory(p.rocketRegInfo.categoryPath)}
          </Badge>
        ) : (
          <Button component={Link} to={regProductPath([p._id])} size="xs">
            {t('product.chooseCategory')}
          </Button>
        )}
      </Stack>
    </Group>
  );
}

/** Before "add to registration": the product has no category yet. */
export function CategoryNotice({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  if (p.rocketRegInfo) return null;
  return (
    <Alert color="yellow" py={6}>
      {t('product.noCategory')}
    </Alert>
  );
}
