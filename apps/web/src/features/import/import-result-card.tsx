import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { ImportResult } from '@rr/contracts';
import { Link } from 'react-router';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { productPath, regProductPath } from '../../shared/products/paths';
import { DiffView } from './import-diff';
import { ProductOptions } from './import-options';

const OUTCOME_COLOUR: Record<string, string> = {
  created: 'green',
  updated: 'green',
  unchanged: 'gray',
  updateAvailable: 'yellow',
  needsCapture: 'orange',
  refused: 'red',
};

/** One capture's outcome: the message, options read and kept, warnings, the diff, the stored options. */
export function ResultCard({
  r,
  applying,
  onApply,
}: {
  r: ImportResult;
  applying: boolean;
  onApply?: () => void;
}) {
  const { t } = useProductsT();
  const failed = r.outcome === 'refused' || r.outcome === 'needsCapture';
  return (
    <Paper withBorder p="sm" data-testid="import-result" data-outcome={r.outcome}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Badge color={OUTCOME_COLOUR[r.outcome] ?? 'gray'} radius="sm">
              {t(`import.outcome.${r.outcome}`)}
            </Badge>
            {r.offerId ? (
              <Text size="xs" c="dimmed">
                1688 #{r.offerId}
              </Text>
            ) : null}
            <Text size="sm" fw={600} lang="zh">
              {r.title ?? r.inputs.join(', ')}
            </Text>
          </Group>
          {r.productId ? (
            <Group gap={6}>
              <Button component={Link} to={productPath(r.productId)} size="compact-xs" variant="light">
                {t('import.openProduct')}
              </Button>
              <Button component={Link} to={regProductPath([r.productId])} size="compact-xs" variant="default">
                {t('import.addToRegistration')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text size="sm" c={failed ? 'red' : undefined} role={failed ? 'alert' : undefined}>
          {r.message}
        </Text>
        {!failed ? (
          <Text size="sm" fw={600} data-testid="read-kept">
            {t('import.readKept', { read: num(r.readOptions), kept: num(r.keptOptions) })}
          </Text>
        ) : null}
        {!failed && r.readOptions !== r.keptOptions ? (
          <Alert color="yellow" py={4}>
            {t('import.mismatch', { read: num(r.readOptions), kept: num(r.keptOptions) })}
          </Alert>
        ) : null}
        {r.warnings.length ? (
          <Alert color="yellow" py={4}>
            <List size="sm" spacing={0}>
              {r.warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {r.diff && (r.outcome === 'updateAvailable' || r.outcome === 'updated') ? (
          <DiffView
            diff={r.diff}
            pending={r.outcome === 'updateAvailable'}
            applying={applying}
            onApply={onApply}
          />
        ) : null}
        {r.productId && !failed ? <ProductOptions productId={r.productId} /> : null}
      </Stack>
    </Paper>
  );
}
