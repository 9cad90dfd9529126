import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { LineMargin } from '@rr/contracts';
import { useSalesT } from './i18n';
import { won } from './sales-state';

type Part = LineMargin['parts'][number];

/** Where a cost came from: its source, the fee table's row (category rate, size tier), "추정". */
export function sourceText(t: ReturnType<typeof useSalesT>['t'], p: Part): string {
  const b = p.basis;
  const row =
    b?.kind === 'category'
      ? t('basis_category', { category: b.category, percent: b.percent })
      : b?.kind === 'size_tier'
        ? t('basis_size_tier', { tier: t(`tier_${b.tier}`), fee: won(b.feePerUnit) })
        : null;
  return `${t(`source_${p.source}`)}${row ? ` ${row}` : ''}${p.estimated ? `, ${t('estimated')}` : ''}`;
}

/** A line's margin in won and percent; its tooltip lists every cost with where it came from. */
export function MarginCell({ margin }: { margin: LineMargin }) {
  const { t } = useSalesT();
  const detail = (
    <Stack gap={2}>
      {margin.parts.map((p) => (
        <Text key={p.key} size="xs">
          {t(`part_${p.key}`)}: {p.amount === null ? t('unknown') : `${won(p.amount)}원`} ({sourceText(t, p)})
        </Text>
      ))}
    </Stack>
  );
  return (
    <Tooltip label={detail} multiline w={300} withArrow>
      <span data-testid="margin-cell">
        {margin.margin === null ? (
          <Text span size="sm" c="dimmed">
            {t('unknown')}
          </Text>
        ) : (
          <Text span size="sm" c={margin.margin < 0 ? 'red' : undefined}>
            {won(margin.margin)}원 ({margin.marginPercent}%)
          </Text>
        )}
        {margin.estimated ? (
          <Badge size="xs" variant="light" ml={4}>
            {t('estimated')}
          </Badge>
        ) : null}
      </span>
    </Tooltip>
  );
}

/** The fee part (settled or estimated) of a line. */
export function FeeCell({ margin }: { margin: LineMargin }) {
  const { t } = useSalesT();
  const fees = margin.parts.filter((p) => p.key === 'commission' || p.key === 'rocket_growth_fee');
  const total = fees.reduce((n, p) => n + (p.amount ?? 0), 0);
  const sources = fees.map((p) => sourceText(t, p)).join('; ');
  return (
    <Text span size="sm" title={sources}>
      {won(total)}원{fees.some((p) => p.estimated) ? ` (${t('estimated')})` : ''}
    </Text>
  );
}

/** The landed cost of a line, or "연결 안 됨" when it has no 1688 link. */
export function CostCell({ margin }: { margin: LineMargin }) {
  const { t } = useSalesT();
  const costs = margin.parts.filter((p) => p.key !== 'commission' && p.key !== 'rocket_growth_fee');
  if (costs.some((p) => p.amount === null))
    return (
      <Text span size="sm" c="dimmed">
        {t('source_missing')}
      </Text>
    );
  return (
    <Text span size="sm">
      {won(costs.reduce((n, p) => n + (p.amount ?? 0), 0))}원
    </Text>
  );
}
