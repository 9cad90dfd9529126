import { Group, Loader, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProcessing } from '../processing-store';

/** The global processing indicator: message + progress, visible whenever work runs. */
export function ProcessingIndicator() {
  const { t } = useTranslation();
  const { isProcessing, message, progress } = useProcessing();
  return (
    <Group gap="xs" role="status" aria-live="polite" wrap="nowrap" miw={0} data-testid="processing-indicator">
      {isProcessing && (
        <>
          <Loader size="xs" />
          <Text size="sm" truncate maw={320}>
            {message || t('topbar.processing')}
          </Text>
          <Progress
            w={140}
            value={progress ?? 100}
            animated={progress === null}
            striped={progress === null}
            aria-label={t('topbar.processing')}
          />
          {progress !== null && (
            <Text size="xs" ff="monospace" c="dimmed">
              {Math.round(progress)}%
            </Text>
          )}
        </>
      )}
    </Group>
  );
}
