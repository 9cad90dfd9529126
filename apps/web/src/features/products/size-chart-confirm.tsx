import { Alert, Button, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePartial } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';

/**
 * Issue 42: a size chart the task made from the category default (not read from the product's
 * images) is marked, and the seller confirms it here (the pre-flight stops exports and registration
 * until then; its finding offers the same confirmation).
 */
export function SizeChartDefaultNotice({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => updatePartial(p._id, { 'sizeChart.confirmed': true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['product', p._id] }),
  });
  const chart = p.sizeChart;
  if (chart?.fromCategoryDefault !== true) return null;
  if (chart.confirmed === true)
    return (
      <Text size="xs" c="dimmed" data-testid="size-chart-default-confirmed">
        {t('images.chartDefaultConfirmed')}
      </Text>
    );
  return (
    <Alert color="orange" data-testid="size-chart-default">
      <Text size="sm">{t('images.chartDefault')}</Text>
      <Button mt="xs" size="xs" onClick={() => confirm.mutate()} loading={confirm.isPending}>
        {t('images.chartDefaultConfirm')}
      </Button>
      {confirm.error ? (
        <Text size="xs" c="red" mt={4}>
          {errorText(confirm.error)}
        </Text>
      ) : null}
    </Alert>
  );
}
