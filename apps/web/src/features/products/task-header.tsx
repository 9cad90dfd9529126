import { Alert, Badge, Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { TaskName } from '@rr/domain';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { StatusChip, taskStatus } from '../../shared/products/status';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { chipStatusOf, isActiveRun, productProgressOf } from '../../shared/workflow/run-view';
import { useActiveRunIds, useRunViews, useStartRun } from '../../shared/workflow/use-runs';

/**
 * A task tab's head: the task's status, a one-click re-run of that task for this product (a
 * single-task run), and what the run that touches this product says while it works.
 */
export function TaskHeader({ p, task }: { p: RocketProduct; task: TaskName }) {
  const { t } = useProductsT();
  const { t: tw } = useWorkflowT();
  const start = useStartRun();
  const [startedRun, setStartedRun] = useState<string | null>(null);
  const activeIds = useActiveRunIds();
  const runs = useRunViews(
    startedRun ? [startedRun, ...activeIds.filter((id) => id !== startedRun)] : activeIds,
  );
  const run = runs.find((r) => r.products.some((x) => x.productId === p._id) && r.tasks.includes(task));
  const mine = run?.products.find((x) => x.productId === p._id);
  const live = run && mine ? chipStatusOf(run, mine, task) : null;
  const status = live === 'unavailable' ? live : taskStatus(p, task);
  const running = run ? isActiveRun(run.status) : false;

  return (
    <div>
      <Group gap="xs" mb="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('product.taskStatus')}
        </Text>
        <span data-testid="task-status">
          <StatusChip task={task} status={status} full />
        </span>
        <Tooltip label={tw('rerunHint', { task: t(`task.${task}`) })} withinPortal multiline w={280}>
          <Button
            size="compact-xs"
            variant="light"
            loading={start.isPending}
            disabled={running && mine?.state !== 'done'}
            data-testid="rerun-task"
            onClick={() =>
              start.mutate(
                { productIds: [p._id], tasks: [task] },
                { onSuccess: ({ runId }) => setStartedRun(runId) },
              )
            }
          >
            {tw('rerun')}
          </Button>
        </Tooltip>
        {run && mine ? (
          <Group gap={6} wrap="nowrap" data-testid="task-run">
            <Badge size="xs" variant="light" tt="none" color={running ? 'blue' : 'gray'}>
              {tw('lastRun', { status: tw(`runStatus.${run.status}`) })}
            </Badge>
            {running ? (
              <Progress value={productProgressOf(mine, run)} w={90} size="sm" animated striped />
            ) : null}
            {mine.currentTask ? (
              <Text size="xs" c="blue">
                {tw('currentTask', { task: t(`task.${mine.currentTask}`) })}
              </Text>
            ) : null}
            {mine.message ? (
              <Text size="xs" c="dimmed" lineClamp={1} maw={420} title={mine.message}>
                {mine.message}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {p.untranslatedPhrases?.[task]?.length ? (
        <Alert color="orange" variant="light" py={4} mb="xs" data-testid="untranslated-note">
          {tw('untranslatedNote', { phrases: p.untranslatedPhrases[task].join(', ') })}
        </Alert>
      ) : null}
      {live === 'unavailable' ? (
        <Alert color="gray" variant="light" py={4} mb="xs">
          {tw('unavailableHint')}
        </Alert>
      ) : null}
      {start.error ? (
        <Alert color="red" py={4} mb="xs" withCloseButton onClose={() => start.reset()}>
          {errorText(start.error)}
        </Alert>
      ) : null}
    </div>
  );
}
