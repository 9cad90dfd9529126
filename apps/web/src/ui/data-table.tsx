import { Box, Checkbox, Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

type Props<Row> = {
  /** Accessible name of the table. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  emptyMessage?: string;
  /** Selection checkboxes when given. */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (next: Set<string>) => void;
  maxHeight?: number | string;
  toolbar?: ReactNode;
};

/** Spec §2 data table shell: dense rows, sticky header, optional selection, loading and empty states. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyMessage,
  selected,
  onSelectedChange,
  maxHeight = '70vh',
  toolbar,
}: Props<Row>) {
  const { t } = useTranslation();
  const selectable = !!selected && !!onSelectedChange;
  const keys = rows.map(rowKey);
  const allSelected = selectable && keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = selectable && keys.some((k) => selected.has(k));
  const colSpan = columns.length + (selectable ? 1 : 0);

  return (
    <Box>
      {toolbar}
      <Box className={classes.scroll} style={{ maxHeight }}>
        <Table striped highlightOnHover stickyHeader verticalSpacing={6} horizontalSpacing="sm" fz="sm">
          <caption className={classes.caption}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('common.selectAll')}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() => onSelectedChange(allSelected ? new Set() : new Set(keys))}
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && (
              <Table.Tr>
                <Table.Td colSpan={colSpan} ta="center" py="lg">
                  <Loader size="sm" />
                </Table.Td>
              </Table.Tr>
            )}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colSpan} py="lg">
                  <Text c="dimmed" ta="center" size="sm">
                    {emptyMessage}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows.map((row, i) => {
                const key = keys[i]!;
                return (
                  <Table.Tr key={key} aria-selected={selectable ? selected.has(key) : undefined}>
                    {selectable && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('common.selectRow', { key })}
                          checked={selected.has(key)}
                          onChange={() => {
                            const next = new Set(selected);
                            if (next.has(key)) next.delete(key);
                            else next.add(key);
                            onSelectedChange(next);
                          }}
                        />
                      </Table.Td>
                    )}
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.align}>
                        {c.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
          </Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}
