import { Text } from '@mantine/core';
import { useProductsT } from '../../shared/products/i18n';
import classes from './images.module.css';

/** A collapsible view of the stored value, for whoever needs to see exactly what is there. */
export function RawData({ value }: { value: unknown }) {
  const { t } = useProductsT();
  if (value === undefined || value === null) return null;
  return (
    <details className={classes.raw}>
      <summary>{t('product.rawData')}</summary>
      <Text size="xs" c="dimmed" my={4}>
        {t('product.rawDataHint')}
      </Text>
      <pre className={classes.rawPre}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
