import { ActionIcon, Badge, Checkbox, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import type { Arrangement, DetailPageAction, DetailPageView } from './detail-page-state';
import { useDetailPageT } from './i18n';

/** A top or bottom frame image (from the settings), or "none". */
export function Frame({ url, label }: { url: string | undefined; label: string }) {
  const { t } = useDetailPageT();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="frame-image">
      {url ? <Image src={url} alt={label} w={56} h={56} fit="contain" radius="xs" /> : null}
      <Stack gap={0} miw={0}>
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {url ?? t('noFrame')}
        </Text>
      </Stack>
    </Group>
  );
}

export /** The page's images in the seller's order, each with up / down and "include". */
function ImageOrder({
  view,
  arrangement,
  dispatch,
}: {
  view: DetailPageView;
  arrangement: Arrangement;
  dispatch: Dispatch<DetailPageAction>;
}) {
  const { t } = useDetailPageT();
  const byIndex = new Map(view.entries.map((e) => [e.index, e]));
  return (
    <Stack gap={4} data-testid="page-images">
      {arrangement.order.map((index, position) => {
        const e = byIndex.get(index);
        if (!e) return null;
        const n = index + 1;
        const dropped = arrangement.dropped.has(index);
        return (
          <Paper
            key={index}
            withBorder
            p={4}
            data-testid="page-image"
            data-index={index}
            data-dropped={dropped || undefined}
            style={{ opacity: dropped ? 0.5 : 1 }}
          >
            <Group gap="xs" wrap="nowrap">
              <Checkbox
                aria-label={t('keep', { n })}
                checked={!dropped}
                onChange={() => dispatch({ type: 'toggleDropped', view, index })}
              />
              <Image src={e.url} alt={t('imageN', { n })} w={56} h={56} fit="contain" radius="xs" />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" fw={600}>
                  {t('imageN', { n })}
                </Text>
                <Group gap={4}>
                  {e.processType ? (
                    <Badge size="xs" variant="light" color={e.processType === 'error' ? 'red' : 'blue'}>
                      {e.processType}
                    </Badge>
                  ) : null}
                  {dropped ? (
                    <Badge size="xs" color="gray">
                      {t('dropped')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('up', { n })}
                disabled={position === 0}
                onClick={() => dispatch({ type: 'move', view, position, step: -1 })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('down', { n })}
                disabled={position === arrangement.order.length - 1}
                onClick={() => dispatch({ type: 'move', view, position, step: 1 })}
              >
                ↓
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
