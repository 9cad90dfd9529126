import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { DashboardSummary } from '@rr/contracts';
import { DEFAULT_RUN_TASKS, TASK_ORDER, TASK_STATUSES } from '@rr/domain';
import { useQuery } from '@tanstack/react-query';
import { dateTime, num } from '../../shared/products/format';
import { errorText, get } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { statusColour } from '../../shared/products/status';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { useDashboardT } from './i18n';

const getSummary = (signal?: AbortSignal) => get('/api/dashboard/summary', DashboardSummary, signal);

/** The company's work: products by status per task, the latest runs, AI requests today. */
export function WorkOverview() {
  const { t } = useDashboardT();
  const { t: tp } = useProductsT();
  const { t: tw } = useWorkflowT();
  const q = useQuery({ queryKey: ['dashboard', 'summary'], queryFn: ({ signal }) => getSummary(signal) });
  if (q.error)
    return (
      <Alert color="red" py={6}>
        {t('loadFailed', { message: errorText(q.error) })}
      </Alert>
    );
  const s = q.data;
  return (
    <Stack gap="sm" data-testid="work-overview">
      <Group justify="space-between">
        <Text fw={700}>{t('title')}</Text>
        {s ? (
          <Text size="sm" c="dimmed">
            {t('products', { n: num(s.productCount) })}
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
        <Card withBorder padding="sm" style={{ gridColumn: 'span 2' }}>
          <Text size="sm" fw={600} mb={6}>
            {t('byTask')}
          </Text>
          <Table fz="xs" verticalSpacing={3} data-testid="status-by-task">
            <Table.Tbody>
              {TASK_ORDER.map((task) => {
                const counts = s?.statusCounts[task] ?? {};
                const total = Object.values(counts).reduce((a, b) => a + b, 0);
                return (
                  <Table.Tr key={task} data-task={task}>
                    <Table.Td w={90} fw={600}>
                      {tp(`task.${task}`)}
                    </Table.Td>
                    <Table.Td>
                      <Progress.Root size={14} aria-label={tp(`task.${task}`)}>
                        {TASK_STATUSES.filter((st) => counts[st]).map((st) => (
                          <Tooltip key={st} label={`${tp(`status.${st}`)} ${num(counts[st])}`} withinPortal>
                            <Progress.Section
                              value={total ? ((counts[st] ?? 0) / total) * 100 : 0}
                              color={statusColour(st)}
                            />
                          </Tooltip>
                        ))}
                      </Progress.Root>
                    </Table.Td>
                    <Table.Td w={330}>
                      <Group gap={4} wrap="nowrap">
                        {TASK_STATUSES.filter((st) => counts[st]).map((st) => (
                          <Badge
                            key={st}
                            size="xs"
                            radius="sm"
                            color={statusColour(st)}
                            variant={st === 'pending' ? 'light' : 'filled'}
                            tt="none"
                            data-status={st}
                          >
                            {tp(`status.${st}`)} {num(counts[st])}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder padding="sm" data-testid="ai-today">
          <Text size="sm" fw={600} mb={6}>
            {t('aiToday')}
          </Text>
          <Text size="xl" fw={800} data-testid="ai-today-total">
            {num(s?.aiRequestsToday.total ?? null)}
          </Text>
          <Group gap="md" mt={4}>
            <Text size="xs" c="green">
              {t('aiSuccess')} {num(s?.aiRequestsToday.success ?? null)}
            </Text>
            <Text size="xs" c="red">
              {t('aiError')} {num(s?.aiRequestsToday.error ?? null)}
            </Text>
            <Text size="xs" c="blue">
              {t('aiOpen')} {num(s?.aiRequestsToday.open ?? null)}
            </Text>
          </Group>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Text size="sm" fw={600} mb={6}>
          {t('recentRuns')}
        </Text>
        {s && s.recentRuns.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noRuns')}
          </Text>
        ) : (
          <Table fz="xs" verticalSpacing={3} data-testid="recent-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('started')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th ta="right">{t('productCount')}</Table.Th>
                <Table.Th>{t('tasks')}</Table.Th>
                <Table.Th w={200}>{t('progress')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(s?.recentRuns ?? []).map((r) => (
                <Table.Tr key={r.runId}>
                  <Table.Td>{dateTime(r.startedAt ?? r.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light" tt="none">
                      {tw(`runStatus.${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{num(r.productCount)}</Table.Td>
                  <Table.Td>
                    {r.tasks.length === DEFAULT_RUN_TASKS.length
                      ? t('allTasks')
                      : r.tasks.map((task) => tp(`task.${task}`)).join(', ')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Progress value={r.progress} size="sm" style={{ flex: 1 }} />
                      <Text size="xs" ff="monospace" w={34} ta="right">
                        {Math.round(r.progress)}%
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
