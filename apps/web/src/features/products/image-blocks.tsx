import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { ImagePair, type Pair } from './image-pair';
import classes from './images.module.css';

export function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text fw={700} size="sm" mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export function PairGrid({ pairs, onOpen }: { pairs: Pair[]; onOpen: (p: Pair) => void }) {
  const { t } = useProductsT();
  if (!pairs.length)
    return (
      <Text size="sm" c="dimmed">
        {t('images.noImages')}
      </Text>
    );
  return (
    <div className={classes.grid}>
      {pairs.map((p) => (
        <ImagePair key={p.key} pair={p} onOpen={onOpen} />
      ))}
    </div>
  );
}

/** Nothing to show: not processed yet, or (size chart) the category does not ask for one. */
export function EmptyTask({ reason }: { reason?: 'sizeChartNotNeeded' }) {
  const { t } = useProductsT();
  return (
    <Paper withBorder p="md" data-testid="task-empty">
      <Text fw={600}>{reason ? t(`images.${reason}`) : t('images.notProcessed')}</Text>
      <Text size="sm" c="dimmed">
        {reason ? t(`images.${reason}Hint`) : t('images.notProcessedHint')}
      </Text>
    </Paper>
  );
}
