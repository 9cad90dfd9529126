import { Button, CloseButton, Popover, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { TaskStatusValue } from '@rr/contracts';
import { TASK_STATUSES } from '@rr/domain';
import type { Dispatch } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { TASK_ORDER, TASK_STATUS_FIELDS } from '../../shared/products/status';
import { CoupangStatusFilter } from '../coupang/coupang-status-filter';
import classes from './registration.module.css';
import { advancedFilterCount, type Filters, filtersOn, type RegistrationAction } from './registration-state';

type Props = { filters: Filters; showAdvanced: boolean; dispatch: Dispatch<RegistrationAction> };

/** The toolbar's filters: the search text, a status per task, the advanced filters' toggle, reset. */
export function FilterControls({ filters, showAdvanced, dispatch }: Props) {
  const { t } = useProductsT();
  const statusFilterCount = Object.keys(filters.statuses).length;
  const advancedCount = advancedFilterCount(filters);
  return (
    <>
      <TextInput
        size="xs"
        className={classes.search}
        aria-label={t('reg.search')}
        placeholder={t('reg.searchPlaceholder')}
        value={filters.text}
        onChange={(e) => dispatch({ type: 'filter', patch: { text: e.currentTarget.value } })}
        rightSection={
          filters.text ? (
            <CloseButton
              size="xs"
              aria-label={t('reg.reset')}
              onClick={() => dispatch({ type: 'filter', patch: { text: '' } })}
            />
          ) : null
        }
      />
      <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Button size="xs" px={8} variant={statusFilterCount ? 'filled' : 'default'}>
            {t('reg.statusFilter')}
            {statusFilterCount ? ` (${statusFilterCount})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <SimpleGrid cols={2} spacing={6} verticalSpacing={4}>
            {TASK_ORDER.map((task) => {
              const field = TASK_STATUS_FIELDS[task];
              return (
                <Select
                  key={task}
                  size="xs"
                  w={150}
                  label={t(`task.${task}`)}
                  placeholder={t('status.any')}
                  clearable
                  comboboxProps={{ withinPortal: false }}
                  data={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  value={filters.statuses[field] ?? null}
                  onChange={(v) =>
                    dispatch({
                      type: 'statusFilter',
                      field,
                      value: TaskStatusValue.safeParse(v).data ?? null,
                    })
                  }
                />
              );
            })}
          </SimpleGrid>
        </Popover.Dropdown>
      </Popover>
      <Button
        size="xs"
        px={8}
        variant={advancedCount ? 'light' : 'default'}
        aria-expanded={showAdvanced}
        aria-controls="reg-advanced-filters"
        onClick={() => dispatch({ type: 'toggleAdvanced' })}
        rightSection={<span aria-hidden>{showAdvanced ? '▴' : '▾'}</span>}
      >
        {advancedCount ? t('reg.moreFiltersOn', { n: advancedCount }) : t('reg.moreFilters')}
      </Button>
      {filtersOn(filters) ? (
        <Button size="xs" px={6} variant="subtle" onClick={() => dispatch({ type: 'resetFilters' })}>
          {t('reg.reset')}
        </Button>
      ) : null}
    </>
  );
}

/** Category and date range, under the toolbar when opened. */
export function AdvancedFilters({
  filters,
  categoryOptions,
  dispatch,
}: {
  filters: Filters;
  categoryOptions: { value: string; label: string }[];
  dispatch: Dispatch<RegistrationAction>;
}) {
  const { t } = useProductsT();
  return (
    <div id="reg-advanced-filters" className={classes.advanced} data-testid="reg-advanced-filters">
      <Select
        size="xs"
        w={240}
        aria-label={t('reg.category')}
        leftSection={<span className={classes.inlineLabel}>{t('reg.category')}</span>}
        leftSectionWidth={72}
        placeholder={t('reg.allCategories')}
        clearable
        searchable
        data={categoryOptions}
        value={filters.category}
        onChange={(v) => dispatch({ type: 'filter', patch: { category: v } })}
      />
      <TextInput
        size="xs"
        type="date"
        w={210}
        aria-label={t('reg.dateFrom')}
        leftSection={<span className={classes.inlineLabel}>{t('reg.dateFrom')}</span>}
        leftSectionWidth={76}
        value={filters.dateFrom}
        onChange={(e) => dispatch({ type: 'filter', patch: { dateFrom: e.currentTarget.value } })}
      />
      <TextInput
        size="xs"
        type="date"
        w={210}
        aria-label={t('reg.dateTo')}
        leftSection={<span className={classes.inlineLabel}>{t('reg.dateTo')}</span>}
        leftSectionWidth={76}
        value={filters.dateTo}
        onChange={(e) => dispatch({ type: 'filter', patch: { dateTo: e.currentTarget.value } })}
      />
      <CoupangStatusFilter
        value={filters.coupang}
        className={classes.inlineLabel}
        onChange={(coupang) => dispatch({ type: 'filter', patch: { coupang } })}
      />
      <Text size="xs" c="dimmed" ml="auto">
        {t('reg.keyboardHelp')}
      </Text>
    </div>
  );
}
