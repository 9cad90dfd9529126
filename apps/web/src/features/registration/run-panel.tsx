import { Badge, Button, Group, Paper, Progress, Text, Tooltip } from '@mantine/core';
import type { RunProduct, RunView } from '@rr/contracts';
import { DEFAULT_RUN_TASKS } from '@rr/domain';
import { Link } from 'react-router';
import { dateTime } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { productPath } from '../../shared/products/paths';
import { StatusChip } from '../../shared/products/status';
import { useWorkflowT } from '../../shared/workflow/i18n';
import {
  chipStatusOf,
  isActiveRun,
  productCountsOf,
  productProgressOf,
  runCountsOf,
  runProgressOf,
} from '../../shared/workflow/run-view';
import classes from './registration.module.css';

const RUN_COLOURS: Record<RunView['status'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  cancelled: 'orange',
  failed: 'red',
};

/** One run: its status and progress, and per product the task chips, the current task and what is done. */
export function RunPanel({
  run,
  onCancel,
  onClose,
  cancelling,
}: {
  run: RunView;
  onCancel: () => void;
  onClose: () => void;
  cancelling: boolean;
}) {
  const { t } = useWorkflowT();
  const { t: tp } = useProductsT();
  const active = isActiveRun(run.status);
  const progress = runProgressOf(run);
  const counts = runCountsOf(run);
  const total = counts.done + counts.error + counts.remaining;
  const errorShare = total > 0 ? Math.round((counts.error / total) * 100) : 0;
  const allTasks = run.tasks.length === DEFAULT_RUN_TASKS.length;
  return (
    <Paper
      withBorder
      p={6}
      className={classes.runPanel}
      data-testid="run-panel"
      data-run-id={run.runId}
      data-status={run.status}
      aria-label={t('panelTitle')}
      role="region"
    >
      <Group gap={8} wrap="nowrap" mb={4}>
        <Text size="sm" fw={700} className={classes.noShrink}>
          {t('panelTitle')}
        </Text>
        <Badge
          size="sm"
          radius="sm"
          color={RUN_COLOURS[run.status]}
          variant={active ? 'filled' : 'light'}
          className={run.status === 'running' ? classes.runningBadge : undefined}
          data-testid="run-status"
          tt="none"
        >
          {t(`runStatus.${run.status}`)}
        </Badge>
        <Text size="xs" c="dimmed" className={classes.noShrink}>
          {t('products', { n: run.products.length })} ·{' '}
          {allTasks ? t('tasksAll') : run.tasks.map((task) => tp(`task.${task}`)).join(', ')}
        </Text>
        {run.offlineAi ? (
          <Tooltip label={t('runOfflineHint')} withinPortal multiline w={300}>
            <Badge size="sm" radius="sm" color="orange" variant="light" tt="none" data-testid="run-offline">
              {t('runOffline')}
            </Badge>
          </Tooltip>
        ) : null}
        {/* done tasks fill the bar; tasks that ended in error are a red part of it, never "done" */}
        <Progress.Root size="md" className={classes.runBar} aria-label={t('runProgress')}>
          <Progress.Section
            value={progress}
            color={RUN_COLOURS[run.status] === 'red' ? 'blue' : RUN_COLOURS[run.status]}
            striped={active}
            animated={active}
            data-testid="run-progress"
            data-value={progress}
          />
          {errorShare > 0 ? (
            <Progress.Section value={errorShare} color="red" data-testid="run-error-bar" />
          ) : null}
        </Progress.Root>
        <Text size="xs" fw={700} ff="monospace" w={36} ta="right" data-testid="run-percent">
          {progress}%
        </Text>
        <Text
          size="xs"
          className={classes.noShrink}
          data-testid="run-counts"
          data-done={counts.done}
          data-error={counts.error}
          data-remaining={counts.remaining}
          c={counts.error > 0 ? 'red' : 'dimmed'}
        >
          {t('counts', counts)}
        </Text>
        {run.registrable ? (
          <Tooltip label={t('registrableHint')} withinPortal>
            <Badge
              size="sm"
              radius="sm"
              variant="light"
              tt="none"
              color={run.registrable.count === run.registrable.total ? 'green' : 'gray'}
              data-testid="run-registrable"
            >
              {t('registrable', run.registrable)}
            </Badge>
          </Tooltip>
        ) : null}
        <Text size="xs" c="dimmed" className={classes.noShrink} visibleFrom="lg">
          {run.finishedAt
            ? t('finishedAt', { time: dateTime(run.finishedAt) })
            : t('startedAt', { time: dateTime(run.startedAt ?? run.createdAt) })}
        </Text>
        {active ? (
          <Button size="compact-xs" variant="light" color="red" onClick={onCancel} loading={cancelling}>
            {t('cancel')}
          </Button>
        ) : (
          <Button size="compact-xs" variant="subtle" onClick={onClose}>
            {t('dismiss')}
          </Button>
        )}
      </Group>
      <div className={classes.runProducts}>
        <table className={classes.runTable}>
          <tbody>
            {run.products.map((p) => (
              <RunProductRow key={p.productId} run={run} product={p} />
            ))}
          </tbody>
        </table>
      </div>
    </Paper>
  );
}

function RunProductRow({ run, product }: { run: RunView; product: RunProduct }) {
  const { t } = useWorkflowT();
  const { t: tp } = useProductsT();
  const progress = productProgressOf(product, run);
  const done = product.completedTasks.filter((task) => run.tasks.includes(task));
  const counts = productCountsOf(product, run);
  return (
    <tr data-testid="run-product" data-product-id={product.productId} data-state={product.state}>
      <td className={classes.runName}>
        <Link to={productPath(product.productId)} className={classes.nameLink} title={product.productName}>
          {product.productName || product.registrationId || product.productId}
        </Link>
      </td>
      <td className={classes.runChips}>
        <Group gap={2} wrap="nowrap">
          {run.tasks.map((task) => (
            <StatusChip key={task} task={task} status={chipStatusOf(run, product, task)} dense />
          ))}
        </Group>
      </td>
      <td className={classes.runCurrent} data-testid="run-current">
        {product.currentTask ? (
          <Text span size="xs" c="blue" fw={600}>
            {t('currentTask', { task: tp(`task.${product.currentTask}`) })}
          </Text>
        ) : (
          <Text span size="xs" c="dimmed">
            {t(`productState.${product.state}`)}
          </Text>
        )}
      </td>
      <td className={classes.runDone}>
        <Tooltip
          label={done.map((task) => tp(`task.${task}`)).join(', ') || '—'}
          withinPortal
          openDelay={200}
        >
          <Text span size="xs" data-testid="run-completed">
            {t('completedCount', { done: done.length, total: run.tasks.length })}
          </Text>
        </Tooltip>
        {counts.error > 0 ? (
          <Text span size="xs" c="red" fw={600} ml={4} data-testid="run-product-errors">
            {t('errorCount', { n: counts.error })}
          </Text>
        ) : null}
      </td>
      <td className={classes.runProductBar}>
        <Group gap={4} wrap="nowrap">
          <Progress value={progress} size="sm" w={80} aria-label={t('progress', { n: progress })} />
          <Text span size="xs" ff="monospace" w={32} ta="right" data-testid="run-product-percent">
            {progress}%
          </Text>
        </Group>
      </td>
      <td className={classes.runMessage} title={product.message ?? ''}>
        {product.message ? (
          <Text span size="xs" c="dimmed">
            {product.message}
          </Text>
        ) : null}
      </td>
    </tr>
  );
}
