import { Anchor, Checkbox, Text } from '@mantine/core';
import type { ProductSummary } from '@rr/contracts';
import { Link } from 'react-router';
import { dateTime, num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { productPath } from '../../shared/products/paths';
import { CompletenessBar, StatusChips } from '../../shared/products/status';
import { Thumb } from '../../shared/products/thumb';
import { CoupangStatusChip } from '../coupang/coupang-status';
import { PreflightCell } from '../exports/preflight-cell';
import { type ProductSales, ProductSalesCells } from '../sales/product-sales';
import classes from './registration.module.css';

/** Dense enough for 40+ rows under the toolbar at 1440×900 (UI.md). */
export const ROW_HEIGHT = 18;

/** One product of the registration table. */
export function RegistrationRow({
  row,
  sales,
  index,
  active,
  selected,
  onToggle,
  onFocusRow,
}: {
  row: ProductSummary;
  /** The product's units and margin over 30 days (issue 41), when it sold. */
  sales?: ProductSales | undefined;
  index: number;
  active: boolean;
  selected: boolean;
  onToggle: (range: boolean) => void;
  onFocusRow: () => void;
}) {
  const { t } = useProductsT();
  const name = row.korName || row.productName;
  return (
    <tr
      className={classes.row}
      data-active={active || undefined}
      data-selected={selected || undefined}
      aria-selected={selected}
      aria-rowindex={index + 2}
      data-testid="reg-row"
      style={{ height: ROW_HEIGHT }}
      onFocus={onFocusRow}
    >
      <td className={classes.colCheck}>
        <Checkbox
          size="xs"
          aria-label={t('reg.selectRow', { id: row.registrationId })}
          checked={selected}
          tabIndex={-1}
          onChange={(e) => onToggle('shiftKey' in e.nativeEvent && e.nativeEvent.shiftKey === true)}
        />
      </td>
      <td className={classes.colThumb}>
        <Thumb src={row.thumbnail} size={16} />
      </td>
      <td className={classes.colId}>
        <Anchor component={Link} to={productPath(row._id)} size="xs" ff="monospace" tabIndex={-1}>
          {row.registrationId}
        </Anchor>
      </td>
      <td className={classes.name} title={row.productName}>
        <Link to={productPath(row._id)} className={classes.nameLink} tabIndex={-1}>
          {name || t('reg.noName')}
        </Link>
      </td>
      <td className={classes.colNum}>{num(row.optionCount)}</td>
      <td className={classes.colCat} title={row.categoryPath ?? ''}>
        {row.categoryPath ? (
          row.categoryPath.split('>').pop()
        ) : (
          <Text span size="xs" c="dimmed">
            {t('reg.notRegistered')}
          </Text>
        )}
      </td>
      <td className={classes.colStatus}>
        <StatusChips statuses={row.statuses} dense />
      </td>
      <td className={classes.colCoupang}>
        <CoupangStatusChip
          status={row.coupang?.status}
          sellerProductId={row.coupang?.sellerProductId}
          statusName={row.coupang?.statusName}
          dense
        />
      </td>
      <td className={classes.colRate}>
        <CompletenessBar rate={row.completeness} width={56} dense />
      </td>
      <ProductSalesCells sales={sales} className={classes.colSales} />
      <td className={classes.colPreflight}>
        <PreflightCell productId={row._id} />
      </td>
      <td className={classes.colDate}>{dateTime(row.updatedAt)}</td>
    </tr>
  );
}
