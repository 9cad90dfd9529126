import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/http';
import { type Column, DataTable } from '../../ui/data-table';
import { TitleSection } from '../../ui/title-section';
import { type AiRequestRow, getFailures, getLive, type RateInfo } from './api';
import { useMonitorT } from './i18n';
import {
  countByStatus,
  formatDuration,
  headlineRate,
  looksStuck,
  RATE_COLOR,
  rateLevel,
  ratePercent,
  STATUS_COLOR,
  secondsUntil,
  shownDuration,
  workLabel,
} from './monitor-logic';

const POLL_MS = 5000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** HH:MM:SS in the browser's time zone (the same in Korean and English). */
const timeOf = (iso: string | null | undefined, _lang?: string) => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

function RatePanel({ rate, now }: { rate: RateInfo; now: number }) {
  const { t } = useMonitorT();
  const head = headlineRate(rate);
  return (
    <Card withBorder padding="md" data-testid="rate-panel">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('rate.title')}
          </Text>
          <Group gap="xs" align="baseline">
            <Text
              fz={32}
              fw={700}
              lh={1}
              c={head.level === 'full' ? 'red' : undefined}
              data-testid="rate-headline"
            >
              <span aria-hidden>
                {head.sent}{' '}
                <Text span fz={20} c="dimmed">
                  / {head.limit}
                </Text>
              </span>
              <VisuallyHidden>{t('rate.headline', { sent: head.sent, limit: head.limit })}</VisuallyHidden>
            </Text>
            <Text size="sm" c="dimmed">
              {t('rate.limitNote', { limit: rate.limitPerMinute })}
            </Text>
          </Group>
        </Stack>
        <Group gap="lg">
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('rate.open')}
            </Text>
            <Text fw={700} data-testid="rate-open">
              {rate.open}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('rate.createdLastMinute')}
            </Text>
            <Text fw={700} data-testid="rate-created">
              {rate.createdLastMinute}
            </Text>
          </Stack>
        </Group>
      </Group>
      {rate.keys.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('rate.noKeys')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm" spacing="sm">
          {rate.keys.map((k) => {
            const level = rateLevel(k.sentLastMinute, rate.limitPerMinute);
            const wait = secondsUntil(k.nextSlotAt, now);
            return (
              <Paper key={k.keyId} withBorder p="xs" data-testid="rate-key">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {t('rate.key', { keyId: k.keyId })} · {k.provider}
                    {k.model ? ` · ${k.model}` : ''}
                  </Text>
                  <Text size="sm" fw={700} c={RATE_COLOR[level]}>
                    {k.sentLastMinute} / {rate.limitPerMinute}
                  </Text>
                </Group>
                <Progress
                  mt={6}
                  value={ratePercent(k.sentLastMinute, rate.limitPerMinute)}
                  color={RATE_COLOR[level]}
                  aria-label={`${k.keyId} ${k.sentLastMinute}/${rate.limitPerMinute}`}
                />
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {wait == null ? t('rate.free') : t('rate.nextSlot', { seconds: wait })}
                  </Text>
                  {k.reservedAhead > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('rate.reservedAhead', { count: k.reservedAhead })}
                    </Text>
                  )}
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}

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

export default function MonitorPage() {
  const { t, i18n } = useMonitorT();
  const lang = i18n.language;
  const [auto, setAuto] = useState(true);
  const now = useNow(1000);

  const live = useQuery({
    queryKey: ['ai-monitor', 'live'],
    queryFn: ({ signal }) => getLive(signal),
    refetchInterval: auto ? POLL_MS : false,
  });
  const failures = useQuery({
    queryKey: ['ai-monitor', 'failures'],
    queryFn: ({ signal }) => getFailures(50, signal),
    refetchInterval: auto ? POLL_MS : false,
  });

  const sinceFetch = live.dataUpdatedAt ? now - live.dataUpdatedAt : 0;
  const rows = live.data?.requests ?? [];
  const counts = countByStatus(rows);

  const liveColumns: Column<AiRequestRow>[] = [
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

  const failureColumns: Column<AiRequestRow>[] = [
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

  const loadError = live.error ?? failures.error;

  return (
    <Stack gap="md">
      <TitleSection
        title={t('title')}
        description={t('description')}
        actions={
          <Group gap="sm">
            {live.dataUpdatedAt > 0 && (
              <Text size="xs" c="dimmed" data-testid="updated-at">
                {t('updatedAt', { time: timeOf(new Date(live.dataUpdatedAt).toISOString(), lang) })}
              </Text>
            )}
            <Switch
              label={t('autoRefresh')}
              checked={auto}
              onChange={(e) => setAuto(e.currentTarget.checked)}
            />
            <Button
              variant="default"
              size="xs"
              loading={live.isFetching && !auto}
              onClick={() => {
                void live.refetch();
                void failures.refetch();
              }}
            >
              {t('refresh')}
            </Button>
          </Group>
        }
      />

      {loadError && (
        <Alert color="red" title={i18n.t('common.error')}>
          {t('loadError', { message: errorMessage(loadError) })}
        </Alert>
      )}

      {live.data && <RatePanel rate={live.data.rate} now={now} />}

      <Card withBorder padding="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h5">
            {t('live.title')}
          </Title>
          <Group gap={6} data-testid="status-counts">
            {(Object.keys(counts) as (keyof typeof counts)[]).map((s) => (
              <Tooltip key={s} label={t(`status.${s}`)}>
                <Badge color={STATUS_COLOR[s]} variant="outline" size="sm">
                  {t(`status.${s}`)} {counts[s]}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        </Group>
        <DataTable
          caption={t('live.caption')}
          columns={liveColumns}
          rows={rows}
          rowKey={(r) => String(r.id)}
          loading={live.isPending}
          emptyMessage={t('live.empty')}
          maxHeight="48vh"
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('live.hint')}
        </Text>
      </Card>

      <Card withBorder padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('failures.title')}
        </Title>
        <DataTable
          caption={t('failures.caption')}
          columns={failureColumns}
          rows={failures.data?.failures ?? []}
          rowKey={(r) => String(r.id)}
          loading={failures.isPending}
          emptyMessage={t('failures.empty')}
          maxHeight="36vh"
        />
      </Card>
    </Stack>
  );
}
