import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { useImageT } from './i18n';
import type { RecentJob } from './recent';

/** The last translations of this browser as thumbnails; a click opens one again by its request id. */
export function RecentList({
  recent,
  disabled,
  onOpen,
}: {
  recent: readonly RecentJob[];
  disabled: boolean;
  onOpen: (requestId: string) => void;
}) {
  const { t } = useImageT();
  return (
    <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
      <Text size="sm" fw={500}>
        {t('source.recent')}
      </Text>
      {recent.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('source.recentEmpty')}
        </Text>
      ) : (
        <Group gap={6} data-testid="recent">
          {recent.map((r) => (
            <Tooltip key={r.requestId} label={r.requestId}>
              <button
                type="button"
                onClick={() => onOpen(r.requestId)}
                disabled={disabled}
                aria-label={`${t('source.open')} ${r.requestId}`}
                style={{
                  padding: 0,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 4,
                  cursor: 'pointer',
                  background: 'none',
                  lineHeight: 0,
                }}
              >
                <img
                  src={r.url}
                  alt=""
                  width={40}
                  height={40}
                  style={{ objectFit: 'cover', borderRadius: 3 }}
                />
              </button>
            </Tooltip>
          ))}
        </Group>
      )}
    </Stack>
  );
}
