import {
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryNode } from '@rr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getCategoryTree, searchCategories } from './api';
import classes from './categories.module.css';
import { CategoryDetail } from './category-detail';
import { useCategoriesT } from './i18n';

/** /category: browse and search Coupang's display category tree; a leaf shows its schema. */
export default function CategoryBrowsePage() {
  const { t } = useCategoriesT();
  const [params, setParams] = useSearchParams();
  const code = Number(params.get('code')) || null;
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 200);
  const choose = (c: number) => setParams({ code: String(c) }, { replace: true });

  const tree = useQuery({
    queryKey: ['categories', 'tree'],
    queryFn: ({ signal }) => getCategoryTree(signal),
  });
  const search = useQuery({
    queryKey: ['categories', 'search', dq],
    queryFn: ({ signal }) => searchCategories(dq, false, 100, signal),
    enabled: dq !== '',
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h4">
            {t('browse.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('browse.intro')}
          </Text>
        </div>
        <Button component={Link} to="/addcategory" size="xs" variant="light">
          {t('browse.add')}
        </Button>
      </Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Paper withBorder p="sm" w={380} style={{ flexShrink: 0 }}>
          <TextInput
            label={t('browse.search')}
            placeholder={t('browse.searchPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-testid="category-browse-search"
          />
          <ScrollArea h="calc(100vh - 260px)" mt="xs">
            {dq ? (
              <div role="listbox" aria-label={t('browse.results', { n: search.data?.length ?? 0 })}>
                <Text size="xs" c="dimmed">
                  {t('browse.results', { n: search.data?.length ?? 0 })}
                </Text>
                {search.data?.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('browse.noResults')}
                  </Text>
                ) : null}
                {(search.data ?? []).map((l) => (
                  <UnstyledButton
                    key={l.displayCategoryCode}
                    className={classes.item}
                    data-chosen={code === l.displayCategoryCode || undefined}
                    role="option"
                    aria-selected={code === l.displayCategoryCode}
                    onClick={() => choose(l.displayCategoryCode)}
                  >
                    <Text size="sm" fw={600}>
                      {l.name}{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {l.displayCategoryCode}
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {l.path.split('>').join(' › ')}
                    </Text>
                  </UnstyledButton>
                ))}
              </div>
            ) : tree.data ? (
              <ul className={classes.tree} aria-label={t('browse.tree')}>
                {tree.data.category.map((n) => (
                  <TreeNode key={n.displayItemCategoryCode} node={n} chosen={code} onChoose={choose} />
                ))}
              </ul>
            ) : (
              <Text size="sm" c="dimmed">
                {t('browse.loading')}
              </Text>
            )}
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

function TreeNode({
  node,
  chosen,
  onChoose,
}: {
  node: CategoryNode;
  chosen: number | null;
  onChoose: (c: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const leaf = node.child.length === 0;
  return (
    <li>
      <UnstyledButton
        className={classes.item}
        data-chosen={chosen === node.displayItemCategoryCode || undefined}
        aria-expanded={leaf ? undefined : open}
        onClick={() => (leaf ? onChoose(node.displayItemCategoryCode) : setOpen(!open))}
      >
        <Text size="sm" span>
          {leaf ? '· ' : open ? '▾ ' : '▸ '}
          {node.name}
        </Text>
        {leaf ? (
          <Text span size="xs" c="dimmed" ff="monospace">
            {' '}
            {node.displayItemCategoryCode}
          </Text>
        ) : null}
      </UnstyledButton>
      {open && !leaf ? (
        <ul className={classes.tree}>
          {node.child.map((c) => (
            <TreeNode key={c.displayItemCategoryCode} node={c} chosen={chosen} onChoose={onChoose} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
