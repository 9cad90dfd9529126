import { Badge, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { CategoryLeaf } from '@rr/contracts';
import type { Dispatch } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import classes from './categories.module.css';
import type { RegProductAction } from './reg-product-state';

/** The category search results as a listbox: the keyboard row, the chosen category, a click chooses. */
export function CategoryResults({
  items,
  active,
  chosen,
  pending,
  dispatch,
}: {
  items: CategoryLeaf[];
  active: number;
  chosen: CategoryLeaf | null;
  pending: boolean;
  dispatch: Dispatch<RegProductAction>;
}) {
  const { t } = useProductsT();
  return (
    <ScrollArea h={360} mt={4}>
      <div id="category-results" role="listbox" aria-label={t('category.results')}>
        {items.length === 0 && !pending ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('category.noResults')}
          </Text>
        ) : null}
        {items.map((c, k) => (
          <UnstyledButton
            key={c.displayCategoryCode}
            role="option"
            aria-selected={chosen?.displayCategoryCode === c.displayCategoryCode}
            className={classes.item}
            data-active={k === active || undefined}
            data-chosen={chosen?.displayCategoryCode === c.displayCategoryCode || undefined}
            onClick={() => dispatch({ type: 'choose', leaf: c, index: k })}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {c.path.split('>').join(' › ')}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed" ff="monospace">
                  {c.displayCategoryCode}
                </Text>
                {c.hasSchema ? (
                  <Badge size="xs" color="teal" variant="light">
                    {t('category.hasSchema')}
                  </Badge>
                ) : null}
              </Group>
            </Group>
          </UnstyledButton>
        ))}
      </div>
    </ScrollArea>
  );
}
