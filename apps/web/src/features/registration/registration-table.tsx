import { Button, Checkbox, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ProductSummary } from '@rr/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type Dispatch,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { useProductsT } from '../../shared/products/i18n';
import { productPath } from '../../shared/products/paths';
import { CoupangColumnTitle } from '../coupang/coupang-status';
import { PreflightHeader } from '../exports/preflight-cell';
import { ProductSalesHeaders, useProductSales } from '../sales/product-sales';
import classes from './registration.module.css';
import { ROW_HEIGHT, RegistrationRow as Row } from './registration-row';
import {
  keyTarget,
  type RegistrationAction,
  type RegistrationState,
  type SortField,
} from './registration-state';

type Props = {
  rows: ProductSummary[];
  state: Pick<RegistrationState, 'selected' | 'active' | 'sort'>;
  dispatch: Dispatch<RegistrationAction>;
  loading: boolean;
  /** Some filter is on (the empty table says so instead of offering the import). */
  anyFilter: boolean;
};

/** The products as a virtual table that fills the window: sortable columns, selection, arrow keys. */
export function RegistrationTable({ rows, state, dispatch, loading, anyFilter }: Props) {
  const { t } = useProductsT();
  const navigate = useNavigate();
  const { selected, active, sort } = state;
  const sales = useProductSales();

  const scrollRef = useRef<HTMLElement>(null);
  // the table's height: the rest of the window under it (measured, so only the look depends on it)
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const fit = () => {
      const el = scrollRef.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      setHeight(Math.max(240, window.innerHeight - top - 4));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  const ids = useMemo(() => rows.map((r) => r._id), [rows]);
  useEffect(() => {
    if (active >= ids.length && ids.length > 0)
      dispatch({ type: 'setActive', index: active, count: ids.length });
  }, [ids.length, active, dispatch]);

  const toggle = useCallback(
    (index: number, range: boolean) => dispatch({ type: 'toggleRow', ids, index, range }),
    [ids, dispatch],
  );

  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = !allSelected && ids.some((id) => selected.has(id));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target instanceof HTMLInputElement && e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const to = keyTarget(e.key, active, ids.length);
    if (to !== null) {
      dispatch({ type: 'setActive', index: to, count: ids.length });
      virtualizer.scrollToIndex(to, { align: 'auto' });
      e.preventDefault();
    } else if (e.key === ' ') {
      toggle(active, e.shiftKey);
      e.preventDefault();
    } else if (e.key === 'Enter') {
      const id = ids[active];
      if (id) navigate(productPath(id));
      e.preventDefault();
    }
  };

  const sortHeader = (field: SortField, label: string) => {
    const on = sort.field === field;
    return (
      <button
        type="button"
        className={classes.sortButton}
        aria-label={t('reg.sortBy', { col: label })}
        onClick={() => dispatch({ type: 'sortBy', field })}
      >
        {label}
        {on ? (sort.order === 'desc' ? ' ▼' : ' ▲') : ''}
      </button>
    );
  };

  return (
    <>
      <section
        ref={scrollRef}
        className={classes.scroll}
        style={{ height }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table region takes the arrow keys
        tabIndex={0}
        aria-label={t('reg.title')}
        aria-describedby="reg-keyboard-help"
        title={t('reg.keyboardHelp')}
        onKeyDown={onKeyDown}
      >
        <table className={classes.table} aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              <th className={classes.colCheck}>
                <Checkbox
                  size="xs"
                  aria-label={t('reg.selectAll')}
                  checked={allSelected}
                  indeterminate={someSelected}
                  onChange={() => dispatch({ type: 'toggleAll', ids })}
                />
              </th>
              <th className={classes.colThumb}>
                <VisuallyHidden>{t('reg.thumbnail')}</VisuallyHidden>
              </th>
              <th className={classes.colId}>{sortHeader('registrationId', t('reg.registrationId'))}</th>
              <th>{sortHeader('productName', t('reg.korName'))}</th>
              <th className={classes.colNum}>{t('reg.options')}</th>
              <th className={classes.colCat}>{t('reg.category')}</th>
              <th className={classes.colStatus}>{t('reg.statuses')}</th>
              <th className={classes.colCoupang}>
                <CoupangColumnTitle />
              </th>
              <th className={classes.colRate}>{t('reg.completeness')}</th>
              <ProductSalesHeaders className={classes.colSales} />
              <th className={classes.colPreflight}>
                <PreflightHeader />
              </th>
              <th className={classes.colDate}>{sortHeader('updatedAt', t('reg.updatedAt'))}</th>
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden>
                <td colSpan={12} style={{ height: padTop, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {items.map((v) => {
              const row = rows[v.index];
              if (!row) return null;
              return (
                <Row
                  key={row._id}
                  row={row}
                  sales={sales.get(row._id)}
                  index={v.index}
                  active={v.index === active}
                  selected={selected.has(row._id)}
                  onToggle={(range) => toggle(v.index, range)}
                  onFocusRow={() => dispatch({ type: 'setActive', index: v.index, count: ids.length })}
                />
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden>
                <td colSpan={12} style={{ height: padBottom, padding: 0, border: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {!loading && rows.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text c="dimmed">{anyFilter ? t('reg.empty') : t('reg.emptyAll')}</Text>
            {!anyFilter ? (
              <Button component={Link} to="/addproduct" size="xs">
                {t('reg.import')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {loading ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('reg.loading')}
          </Text>
        ) : null}
      </section>

      <span id="reg-keyboard-help" hidden>
        {t('reg.keyboardHelp')}
      </span>
    </>
  );
}
