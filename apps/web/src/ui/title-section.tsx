import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  title: string;
  description?: string;
  /** The add-button link (e.g. `/addproduct`) and its label. */
  addTo?: string;
  addLabel?: string;
  actions?: ReactNode;
};

/** Spec §2 title section with an add-button link. */
export function TitleSection({ title, description, addTo, addLabel, actions }: Props) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {actions}
        {addTo && addLabel && (
          <Button component={Link} to={addTo} leftSection={<span aria-hidden>＋</span>}>
            {addLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
