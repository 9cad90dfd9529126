import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { useProductsT } from '../../shared/products/i18n';
import { toText as str } from '../../shared/values';
import { EditableField, Field } from './editable-field';
import { Block, EmptyTask } from './image-blocks';
import { ImagePreview, NotProcessed } from './image-preview';
import { sizeChartTable } from './image-records';
import { RawData } from './raw-data';
import { SizeChartDefaultNotice } from './size-chart-confirm';
import { useZoom } from './use-image-dialogs';

type Chart = NonNullable<RocketProduct['sizeChart']>;

/** Sizes × measurements, each value editable. */
function ChartTable({ p, chart }: { p: RocketProduct; chart: Chart }) {
  const { t } = useProductsT();
  const { sizes, measurements } = sizeChartTable(chart);
  return (
    <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }} data-testid="size-chart">
      <Group gap="lg" mb={6}>
        <Text fw={700} size="sm">
          {t('images.chart')}
        </Text>
        <Field label={t('images.sizeType')}>{str(chart.sizeType) ?? '—'}</Field>
        <Field label={t('images.sizeUnits')}>{str(chart.sizeUnits) ?? '—'}</Field>
      </Group>
      <Table fz="xs" verticalSpacing={2} withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('images.size')}</Table.Th>
            {measurements.map((m) => (
              <Table.Th key={m.name} ta="right">
                {m.name} {m.unit ? `(${m.unit})` : ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sizes.map((s, i) => (
            <Table.Tr key={s}>
              <Table.Td fw={600}>{s}</Table.Td>
              {measurements.map((m, k) => (
                <Table.Td key={m.name} ta="right" p={2}>
                  <EditableField
                    productId={p._id}
                    path={`sizeChart.measurements.${k}.values.${i}`}
                    value={m.cell(i)}
                    label={`${s} ${m.name}`}
                    hideLabel
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Size chart: sizes × measurements as a table, and the chart image. */
export function SizeChartBody({ p }: { p: RocketProduct }) {
  const { t } = useProductsT();
  const zoom = useZoom();
  const chart = p.sizeChart ?? null;
  const image = str(p.sizeChartImage);
  if (!chart && !image)
    return p.sizeChartStatus === 'disabled' ? <EmptyTask reason="sizeChartNotNeeded" /> : <EmptyTask />;
  return (
    <Stack gap="sm">
      <SizeChartDefaultNotice p={p} />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Block title={t('images.chartImage')}>
          {image ? (
            <ImagePreview
              image={{ url: image }}
              label={t('images.chartImage')}
              size={160}
              onOpen={() =>
                zoom.open({
                  key: 'chart',
                  title: t('images.chartImage'),
                  original: { url: image },
                  processed: null,
                  single: true,
                })
              }
            />
          ) : (
            <NotProcessed size={160} />
          )}
        </Block>
        {chart ? <ChartTable p={p} chart={chart} /> : null}
      </Group>
      <RawData value={{ sizeChart: chart, sizeChartImage: image ?? null }} />
      {zoom.modal}
    </Stack>
  );
}
