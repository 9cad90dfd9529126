import { Button, Table, Text, UnstyledButton } from '@mantine/core';
import type { CollectedKeywordView } from '@rr/contracts';
import { dateTime } from '../../shared/products/format';
import { useKeywordsT } from './i18n';
import type { Sort, SortKey } from './keyword-state';

const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: 'keyword', label: 'colKeyword' },
  { key: 'source', label: 'colSource' },
  { key: 'rank', label: 'colRank' },
  { key: 'count', label: 'colCount' },
  { key: 'seed', label: 'colSeed' },
];

/** The product's collected keywords; a header click sorts by its column (again: the other way). */
export function KeywordTable(props: {
  items: readonly CollectedKeywordView[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  onDelete: (id: string) => void;
  deleting: string | null;
}) {
  const { t } = useKeywordsT();
  const { items, sort } = props;
  if (items.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Table striped withTableBorder data-testid="keyword-table">
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((c) => (
            <Table.Th
              key={c.key}
              aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
            >
              <UnstyledButton
                onClick={() => props.onSort(c.key)}
                data-testid={`sort-${c.key}`}
                fw={600}
                fz="sm"
              >
                {t(c.label)}
                {sort.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
              </UnstyledButton>
            </Table.Th>
          ))}
          <Table.Th>{t('colCollected')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((k) => (
          <Table.Tr key={k.id} data-testid="keyword-row">
            <Table.Td>{k.keyword}</Table.Td>
            <Table.Td>{t(k.source === 'related' ? 'sourceRelated' : 'sourceAutocomplete')}</Table.Td>
            <Table.Td>{k.rank}</Table.Td>
            <Table.Td>{k.count === null ? '–' : k.count.toLocaleString('ko-KR')}</Table.Td>
            <Table.Td>{k.seed}</Table.Td>
            <Table.Td>{dateTime(k.collectedAt)}</Table.Td>
            <Table.Td>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={props.deleting === k.id}
                onClick={() => props.onDelete(k.id)}
              >
                {t('delete')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
