import { Badge, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateTime } from '../../shared/products/format';
import { getCompanySchemas, searchCategories } from './api';
import { CategoryDetail } from './category-detail';
import { useCategoriesT } from './i18n';

/** /listcategory: the categories that have a schema (the company's own first), searchable, with details. */
export default function ListCategoryPage() {
  const { t } = useCategoriesT();
  const [params, setParams] = useSearchParams();
  const code = Number(params.get('code')) || null;
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 200);
  const own = useQuery({
    queryKey: ['categories', 'company'],
    queryFn: ({ signal }) => getCompanySchemas(signal),
  });
  const withSchema = useQuery({
    queryKey: ['categories', 'withSchema', dq],
    queryFn: ({ signal }) => searchCategories(dq, true, 500, signal),
  });
  const ownItems = (own.data?.items ?? []).filter((i) =>
    `${i.displayCategoryCode} ${i.categoryPath}`.toLowerCase().includes(dq.toLowerCase()),
  );
  const ownCodes = new Set(ownItems.map((i) => i.displayCategoryCode));
  const rows = [
    ...ownItems.map((i) => ({
      code: i.displayCategoryCode,
      path: i.categoryPath,
      company: true,
      updatedAt: i.updatedAt,
    })),
    ...(withSchema.data ?? [])
      .filter((l) => !ownCodes.has(l.displayCategoryCode))
      .map((l) => ({ code: l.displayCategoryCode, path: l.path, company: false, updatedAt: '' })),
  ];
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {t('list.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('list.intro')}
        </Text>
      </div>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Paper withBorder p="sm" w={520} style={{ flexShrink: 0 }}>
          <TextInput
            placeholder={t('browse.searchPlaceholder')}
            aria-label={t('browse.search')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            mb="xs"
          />
          <ScrollArea h="calc(100vh - 260px)">
            <Table fz="xs" highlightOnHover verticalSpacing={3} data-testid="category-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.code')}</Table.Th>
                  <Table.Th>{t('list.path')}</Table.Th>
                  <Table.Th>{t('list.source')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr
                    key={r.code}
                    onClick={() => setParams({ code: String(r.code) }, { replace: true })}
                    style={{ cursor: 'pointer' }}
                    bg={code === r.code ? 'var(--mantine-color-blue-light)' : undefined}
                    data-testid="category-list-row"
                  >
                    <Table.Td ff="monospace">{r.code}</Table.Td>
                    <Table.Td title={r.path}>{r.path.split('>').slice(-2).join(' › ')}</Table.Td>
                    <Table.Td>
                      <Badge size="xs" variant="light" color={r.company ? 'grape' : 'teal'}>
                        {r.company ? t('list.company') : t('list.builtIn')}
                      </Badge>
                      {r.updatedAt ? (
                        <Text span size="xs" c="dimmed" ml={4}>
                          {dateTime(r.updatedAt)}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {rows.length === 0 && !withSchema.isPending ? (
              <Text size="sm" c="dimmed">
                {t('list.empty')}
              </Text>
            ) : null}
          </ScrollArea>
        </Paper>
        <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }}>
          {code ? (
            <CategoryDetail code={code} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('browse.pick')}
            </Text>
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
