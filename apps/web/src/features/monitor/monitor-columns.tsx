import { Badge, Stack, Text } from '@mantine/core';
import type { Column } from '../../ui/data-table';
import type { AiRequestRow } from './api';
import { useMonitorT } from './i18n';
import { formatDuration, looksStuck, STATUS_COLOR, shownDuration, workLabel } from './monitor-logic';

type MonitorT = ReturnType<typeof useMonitorT>['t'];

/** HH:MM:SS in the browser's time zone (the same in Korean and English). */
export const timeOf = (iso: string | null | undefined, _lang?: string) => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

function StatusBadge({ row }: { row: AiRequestRow }) {
  const { t } = useMonitorT();
  return (
    <Badge
      color={STATUS_COLOR[row.status]}
      variant={row.status === 'processing' ? 'filled' : 'light'}
      size="sm"
      data-status={row.status}
    >
      {t(`status.${row.status}`)}
    </Badge>
  );
}

/** The live table's columns; `sinceFetch` ages the open requests' durations between polls. */
export function liveColumns(
  t: MonitorT,
  lang: string,
  now: number,
  sinceFetch: number,
): Column<AiRequestRow>[] {
  return [
    { key: 'id', header: t('col.id'), width: 70, render: (r) => r.id },
    {
      key: 'work',
      header: t('col.work'),
      render: (r) => (
        <Text size="sm" fw={500}>
          {workLabel(r)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('col.status'),
      width: 150,
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge row={r} />
          {looksStuck(r, sinceFetch) && (
            <Text size="xs" c="orange" data-testid="stuck-note">
              {t('stuck')}
            </Text>
          )}
          {r.status === 'pending' && r.scheduledAt && Date.parse(r.scheduledAt) > now && (
            <Text size="xs" c="dimmed">
              {t('scheduled', { time: timeOf(r.scheduledAt, lang) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'duration',
      header: t('col.duration'),
      width: 100,
      align: 'right',
      render: (r) => (
        <Text size="sm" ff="monospace" data-testid="duration">
          {formatDuration(shownDuration(r, sinceFetch))}
        </Text>
      ),
    },
    { key: 'attempts', header: t('col.attempts'), width: 60, align: 'right', render: (r) => r.attempts },
    {
      key: 'provider',
      header: t('col.provider'),
      render: (r) => (
        <Text size="sm">
          {r.provider === 'offline' ? t('offline') : r.provider}
          {r.model && r.model !== r.provider ? ` · ${r.model}` : ''}
        </Text>
      ),
    },
    { key: 'product', header: t('col.product'), render: (r) => r.productId ?? '—' },
    { key: 'createdAt', header: t('col.createdAt'), width: 90, render: (r) => timeOf(r.createdAt, lang) },
    {
      key: 'error',
      header: t('col.error'),
      render: (r) =>
        r.error ? (
          <Text size="sm" c={r.status === 'error' || r.status === 'timeout' ? 'red' : 'dimmed'} lineClamp={2}>
            {r.error}
          </Text>
        ) : (
          '—'
        ),
    },
  ];
}

/** The recent failures' columns. */
export function failureColumns(t: MonitorT, lang: string): Column<AiRequestRow>[] {
  return [
    { key: 'id', header: t('col.id'), width: 70, render: (r) => r.id },
    {
      key: 'finishedAt',
      header: t('col.finishedAt'),
      width: 90,
      render: (r) => timeOf(r.finishedAt ?? r.createdAt, lang),
    },
    { key: 'work', header: t('col.work'), render: (r) => workLabel(r) },
    { key: 'status', header: t('col.status'), width: 100, render: (r) => <StatusBadge row={r} /> },
    { key: 'http', header: t('col.http'), width: 60, render: (r) => r.httpStatus ?? '—' },
    { key: 'attempts', header: t('col.attempts'), width: 60, align: 'right', render: (r) => r.attempts },
    {
      key: 'duration',
      header: t('col.duration'),
      width: 90,
      align: 'right',
      render: (r) => formatDuration(r.durationMs),
    },
    {
      key: 'error',
      header: t('col.error'),
      render: (r) => (
        <Text size="sm" c="red" data-testid="failure-message">
          {r.error ?? '—'}
        </Text>
      ),
    },
  ];
}
