import { Group, Progress, Stack, Text } from '@mantine/core';

type Props = {
  label: string;
  value: number;
  color?: string;
  animated?: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
};

export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** Spec §2 progress-bar widget: a labelled bar with its percent, clamped to 0–100. */
export function ProgressWidget({ label, value, color = 'blue', animated = false, size = 'md' }: Props) {
  const percent = clampPercent(value);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} ff="monospace">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        color={color}
        animated={animated}
        striped={animated}
        size={size}
        aria-label={label}
      />
    </Stack>
  );
}
