import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ImportDiff } from '@rr/contracts';
import { isRecord } from '@rr/domain';
import { grams, num, yuan } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';

/** A changed value as the diff shows it: prices in yuan, weights in grams, price tiers as `n+ ¥`. */
export function formatValue(field: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') {
    if (field === 'priceFen') return yuan(v / 100);
    if (field === 'price') return yuan(v);
    if (field === 'weightG') return grams(v);
    return num(v);
  }
  if (Array.isArray(v)) {
    return v
      .map((x) =>
        isRecord(x) && typeof x.minQuantity === 'number' && typeof x.priceFen === 'number'
          ? `${num(x.minQuantity)}+ ${yuan(x.priceFen / 100)}`
          : String(x),
      )
      .join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** What a re-import would change (pending, with the confirm button) or changed. */
export function DiffView({
  diff,
  pending,
  applying,
  onApply,
}: {
  diff: ImportDiff;
  pending: boolean;
  applying: boolean;
  onApply?: () => void;
}) {
  const { t } = useProductsT();
  const fieldName = (f: string) =>
    t(`import.fieldNames.${f === 'priceFen' ? 'price' : f === 'minOrderQuantity' ? 'moq' : f}`, {
      defaultValue: f,
    });
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-yellow-light)" data-testid="import-diff">
      <Stack gap={6}>
        {pending ? (
          <Text size="sm" fw={600}>
            {t('import.diffTitle')}
          </Text>
        ) : null}
        {diff.changes.length ? (
          <Table fz="xs" verticalSpacing={2} withTableBorder bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.field')}</Table.Th>
                <Table.Th>{t('import.optionKey')}</Table.Th>
                <Table.Th ta="right">{t('import.before')}</Table.Th>
                <Table.Th ta="right">{t('import.after')}</Table.Th>
                <Table.Th>{t('import.applies')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diff.changes.map((c, k) => (
                <Table.Tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                  key={`${c.field}-${c.optionKey ?? ''}-${k}`}
                  data-testid="diff-row"
                >
                  <Table.Td>{fieldName(c.field)}</Table.Td>
                  <Table.Td lang="zh">{c.optionKey ?? '—'}</Table.Td>
                  <Table.Td ta="right" td="line-through" c="dimmed">
                    {formatValue(c.field, c.before)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatValue(c.field, c.after)}
                  </Table.Td>
                  <Table.Td>{c.applies ? '✓' : t('import.keptSeller')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {diff.addedOptions.length ? (
          <Text size="sm">
            <b>{t('import.added')}:</b> <span lang="zh">{diff.addedOptions.join(', ')}</span>
          </Text>
        ) : null}
        {diff.removedOptions.length ? (
          <Text size="sm">
            <b>{t('import.removedOptions')}:</b> <span lang="zh">{diff.removedOptions.join(', ')}</span>
          </Text>
        ) : null}
        {pending && onApply ? (
          <Group>
            <Button size="xs" color="yellow" onClick={onApply} loading={applying} data-testid="import-apply">
              {t('import.apply')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
