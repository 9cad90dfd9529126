import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { errorMessage } from '../../app/http';
import { DataTable } from '../../ui/data-table';
import { TitleSection } from '../../ui/title-section';
import { AI_REQUEST_STATUSES } from './api';
import { useMonitorT } from './i18n';
import { failureColumns, liveColumns, timeOf } from './monitor-columns';
import { STATUS_COLOR } from './monitor-logic';
import { RatePanel } from './monitor-rate-panel';
import { useMonitor } from './use-monitor';

/** admin-api-monitor: the AI requests now (live), the rate limit per key, and the recent failures. */
export default function MonitorPage() {
  const { t, i18n } = useMonitorT();
  const lang = i18n.language;
  const { state, dispatch, now, live, failures, rows, counts, sinceFetch, loadError, refresh } = useMonitor();
  const auto = state.autoRefresh;

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
              onChange={(e) => dispatch({ type: 'autoRefresh', on: e.currentTarget.checked })}
            />
            <Button variant="default" size="xs" loading={live.isFetching && !auto} onClick={refresh}>
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
            {AI_REQUEST_STATUSES.map((s) => (
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
          columns={liveColumns(t, lang, now, sinceFetch)}
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
          columns={failureColumns(t, lang)}
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
