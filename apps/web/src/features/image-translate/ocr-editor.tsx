import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useImageT } from './i18n';
import { OcrTable } from './ocr-table';
import type { ImageTranslate } from './use-image-translate';

/** The open job's OCR items, editable; revert drops the edits, regenerate draws a new version from them. */
export function OcrEditor({ screen }: { screen: ImageTranslate }) {
  const { t } = useImageT();
  const { state, dispatch, busy, changed, regenerate } = screen;
  const { edited, hover, focus, stage } = state;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} size="h5">
            {t('ocr.title', { count: edited.length })}
          </Title>
          <Text size="xs" c="dimmed">
            {t('fontGroups')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={busy || changed.size === 0}
            onClick={() => dispatch({ type: 'revert' })}
          >
            {t('revert')}
          </Button>
          <Button
            size="xs"
            onClick={regenerate}
            disabled={busy || changed.size === 0}
            loading={stage === 'regenerating'}
          >
            {changed.size ? t('regenerateCount', { count: changed.size }) : t('regenerate')}
          </Button>
        </Group>
      </Group>
      <OcrTable
        items={edited}
        changed={changed}
        active={hover}
        focus={focus}
        onHover={(i) => dispatch({ type: 'hover', index: i })}
        disabled={busy}
        onChange={(index, patch) => dispatch({ type: 'edit', index, patch })}
      />
    </Card>
  );
}
