import { Anchor, Badge, Group } from '@mantine/core';
import type { CoupangRegistrationStatus } from '@rr/domain';
import { wingProductUrl } from './api';
import { useCoupangT } from './i18n';

const COLOR: Record<CoupangRegistrationStatus | 'none', string> = {
  none: 'gray',
  requested: 'blue',
  in_review: 'yellow',
  approved: 'teal',
  partially_approved: 'lime',
  denied: 'red',
  failed: 'red',
  unknown: 'gray',
};

/** The registration on Coupang as a chip, with the seller product's id linking to WING. */
export function CoupangStatusChip({
  status,
  sellerProductId,
  dense = false,
  statusName,
}: {
  status: CoupangRegistrationStatus | null | undefined;
  sellerProductId?: string | null | undefined;
  dense?: boolean;
  /** Coupang's own status name: shown as it came when we do not know it (issue 37). */
  statusName?: string | null | undefined;
}) {
  const { t } = useCoupangT();
  const key = status ?? 'none';
  return (
    <Group gap={4} wrap="nowrap" data-testid="coupang-status" data-status={key}>
      <Badge size={dense ? 'xs' : 'sm'} variant="light" color={COLOR[key]} radius="sm">
        {key === 'unknown' && statusName ? statusName : t(`status.${key}`)}
      </Badge>
      {sellerProductId ? (
        <Anchor
          href={wingProductUrl(sellerProductId)}
          target="_blank"
          rel="noreferrer"
          size="xs"
          ff="monospace"
          title={t('wing')}
          tabIndex={-1}
          data-testid="coupang-seller-product-id"
        >
          {sellerProductId}
        </Anchor>
      ) : null}
    </Group>
  );
}

export const COUPANG_FILTER_VALUES = [
  'none',
  'requested',
  'in_review',
  'approved',
  'partially_approved',
  'denied',
  'failed',
  'unknown',
] as const;

/** The registration table's column title. */
export function CoupangColumnTitle() {
  const { t } = useCoupangT();
  return <>{t('column')}</>;
}
