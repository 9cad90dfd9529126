import { Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { isRecord, TASK_ORDER, TASK_STATUS_FIELDS, type TaskStatusField } from '@rr/domain';
import { useProductsT } from './i18n';
import classes from './products.module.css';

export type Task = (typeof TASK_ORDER)[number];
export { TASK_ORDER, TASK_STATUS_FIELDS };

/** UI.md colours: pending grey, processing blue with motion, completed green, partly amber, error red, disabled outlined. */
const COLOURS: Record<string, string> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'green',
  split_completed: 'teal',
  partially_completed: 'yellow',
  partial: 'yellow',
  error: 'red',
  disabled: 'gray',
  /** A task the server has not built yet (never shown as completed). */
  unavailable: 'gray',
};

export function statusColour(status: string): string {
  return COLOURS[status] ?? 'gray';
}

/** The status of a task on a product document, or 'pending' when unset (spec §4 default). */
export function taskStatus(
  statuses: Partial<Record<TaskStatusField, unknown>> | undefined,
  task: Task,
): string {
  const v = statuses?.[TASK_STATUS_FIELDS[task]];
  if (typeof v === 'string') return v;
  if (isRecord(v) && typeof v.status === 'string') return v.status;
  return 'pending';
}

export function StatusChip({
  task,
  status,
  full = false,
  dense = false,
}: {
  task: Task;
  status: string;
  full?: boolean;
  /** 14 px high, for the registration table's dense rows. */
  dense?: boolean;
}) {
  const { t } = useProductsT();
  const label = `${t(`task.${task}`)}: ${t(`status.${status}`, { defaultValue: status })}`;
  return (
    <Tooltip label={label} openDelay={300} withinPortal>
      <Badge
        size="xs"
        radius="sm"
        color={statusColour(status)}
        variant={
          status === 'disabled' || status === 'unavailable'
            ? 'outline'
            : status === 'pending'
              ? 'light'
              : 'filled'
        }
        className={[
          status === 'processing' ? classes.processing : '',
          status === 'unavailable' ? classes.unavailable : '',
          dense ? classes.denseChip : '',
        ]
          .filter(Boolean)
          .join(' ')}
        aria-label={label}
        data-status={status}
        data-task={task}
        styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
      >
        {full ? label : t(`taskShort.${task}`)}
      </Badge>
    </Tooltip>
  );
}

/** One chip per task in the spec's batch order. */
export function StatusChips({
  statuses,
  dense = false,
}: {
  statuses: Partial<Record<string, unknown>> | undefined;
  dense?: boolean;
}) {
  return (
    <Group gap={dense ? 2 : 3} wrap="nowrap">
      {TASK_ORDER.map((task) => (
        <StatusChip key={task} task={task} status={taskStatus(statuses, task)} dense={dense} />
      ))}
    </Group>
  );
}

export function CompletenessBar({
  rate,
  width = 90,
  dense = false,
}: {
  rate: number | null | undefined;
  width?: number;
  dense?: boolean;
}) {
  const { t } = useProductsT();
  if (rate === null || rate === undefined) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  const v = Math.max(0, Math.min(100, Math.round(rate)));
  const colour = v >= 100 ? 'green' : v >= 70 ? 'blue' : v >= 40 ? 'yellow' : 'red';
  return (
    <Group gap={6} wrap="nowrap" aria-label={`${t('reg.completeness')} ${v}%`}>
      <Progress value={v} color={colour} size={dense ? 'xs' : 'sm'} w={width} aria-hidden />
      <Text size="xs" fw={600} w={34} ta="right" lh={dense ? '16px' : undefined}>
        {v}%
      </Text>
    </Group>
  );
}
