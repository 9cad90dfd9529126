import { CloseButton, Group, Loader, Progress, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setServerProcessing } from '../events/server-processing';
import { setProcessing, useProcessing } from '../processing-store';

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
      {!isProcessing && message && (
        <>
          <ThemeIcon size="xs" radius="xl" color="green" variant="light" aria-hidden>
            ✓
          </ThemeIcon>
          <Text size="sm" truncate maw={420} title={message} data-testid="processing-finished">
            {message}
          </Text>
          <CloseButton
            size="xs"
            aria-label={t('topbar.dismiss')}
            onClick={() => {
              setServerProcessing({ isProcessing: false, message: null });
              setProcessing(false);
            }}
          />
        </>
      )}
    </Group>
  );
}
