import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Menu,
  Modal,
  Popover,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductSummary, StatusField, TaskStatusValue } from '@rr/contracts';
import { formatMessage, TASK_STATUSES, type TaskName } from '@rr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { deleteItems, getSummaries } from '../../shared/products/api';
import { dateTime, num } from '../../shared/products/format';
import { errorText, HttpError } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { productPath, regProductPath } from '../../shared/products/paths';
import { CompletenessBar, StatusChips, TASK_ORDER, TASK_STATUS_FIELDS } from '../../shared/products/status';
import { Thumb } from '../../shared/products/thumb';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { useActiveRunIds, useCancelRun, useRunViews, useStartRun } from '../../shared/workflow/use-runs';
import { ExportMenu } from '../exports/export-menu';
import { PreflightCell, PreflightHeader } from '../exports/preflight-cell';
import { ProductPage } from '../products/product-page';
import classes from './registration.module.css';
import {
  advancedFilterCount,
  filtersOn,
  initialRegistrationState,
  keyTarget,
  listCriteria,
  registrationReducer,
  type SortField,
} from './registration-state';
import { RunPanel } from './run-panel';

/** Dense enough for 40+ rows under the toolbar at 1440×900 (UI.md). */
const ROW_HEIGHT = 18;

/** AIRocketReg: the registration table, or one product when `?product=<id>` is in the address. */
export default function RegistrationPage() {
  const [params] = useSearchParams();
  const id = params.get('product');
  return id ? <ProductPage productId={id} /> : <RegistrationTable />;
}

function RegistrationTable() {
  const { t } = useProductsT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(registrationReducer, initialRegistrationState);
  const { filters, sort, selected, active, showAdvanced, confirmDelete, notice, runError, confirmCancel } =
    state;
  const { t: tw, i18n } = useWorkflowT();
  const [debouncedText] = useDebouncedValue(filters.text, 250);

  const criteria = useMemo(() => listCriteria(filters, debouncedText, sort), [filters, debouncedText, sort]);

  const list = useQuery({
    queryKey: ['products', 'summary', criteria],
    queryFn: ({ signal }) => getSummaries(criteria, signal),
    placeholderData: (prev) => prev,
  });
  const rows = list.data?.rows ?? [];

  // Categories seen so far, so the category filter keeps its choices while it filters.
  const seenCategories = useRef(new Map<number, string>());
  for (const r of rows) {
    if (r.displayCategoryCode !== null && r.categoryPath)
      seenCategories.current.set(r.displayCategoryCode, r.categoryPath);
  }
  const categoryOptions = [...seenCategories.current.entries()]
    .sort((a, b) => a[1].localeCompare(b[1], 'ko'))
    .map(([code, path]) => ({ value: String(code), label: path.split('>').slice(-2).join(' > ') }));

  const scrollRef = useRef<HTMLElement>(null);
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
  }, [ids.length, active]);

  const toggle = useCallback(
    (index: number, range: boolean) => dispatch({ type: 'toggleRow', ids, index, range }),
    [ids],
  );

  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = !allSelected && ids.some((id) => selected.has(id));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' && e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
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

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteItems(ids),
    onSuccess: (res, ids) => {
      dispatch({ type: 'deleted', notice: t('reg.deleted', { count: res.deletedCount ?? ids.length }) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });

  // Runs: the ones started here and the company's active ones (a reloaded tab picks them up again).
  const startRun = useStartRun();
  const cancelRun = useCancelRun();
  const activeRunIds = useActiveRunIds();
  useEffect(() => {
    if (activeRunIds.length) dispatch({ type: 'showRuns', runIds: activeRunIds });
  }, [activeRunIds]);
  const shownRuns = useRunViews(state.runs.shown);

  const start = (tasks?: TaskName[]) => {
    if (selected.size === 0) {
      // W §5: the spec's refusal, before asking the server
      const lang = i18n.language === 'en' ? 'en' : 'ko';
      dispatch({ type: 'runRefused', message: formatMessage('noProductsSelected', {}, lang) });
      return;
    }
    const productIds = [...selected];
    startRun.mutate(tasks ? { productIds, tasks } : { productIds }, {
      onSuccess: ({ runId }) =>
        dispatch({
          type: 'runStarted',
          runId,
          notice:
            tasks?.length === 1
              ? tw('startedOne', { task: t(`task.${tasks[0]}`) })
              : tw('started', { n: num(productIds.length) }),
        }),
      onError: (e) =>
        dispatch({
          type: 'runRefused',
          message: errorText(e),
          code: e instanceof HttpError ? e.code : undefined,
        }),
    });
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

  const statusFilterCount = Object.keys(filters.statuses).length;
  const anyFilter = filtersOn(filters);
  const selectedIds = [...selected];
  const advancedCount = advancedFilterCount(filters);

  return (
    <Stack gap={4} className={classes.page}>
      <div className={classes.toolbar} role="toolbar" aria-label={t('reg.filtersLabel')}>
        <Title order={2} className={classes.title}>
          {t('reg.title')}
        </Title>
        <Text size="xs" c="dimmed" data-testid="reg-count" className={classes.count}>
          {t('reg.subtitle', { n: num(list.data?.total ?? rows.length) })}
        </Text>
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
                const field = TASK_STATUS_FIELDS[task] as StatusField;
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
                      dispatch({ type: 'statusFilter', field, value: (v as TaskStatusValue | null) ?? null })
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
        {anyFilter ? (
          <Button size="xs" px={6} variant="subtle" onClick={() => dispatch({ type: 'resetFilters' })}>
            {t('reg.reset')}
          </Button>
        ) : null}
        <div className={classes.spacer} />
        <Badge
          variant={selected.size ? 'filled' : 'light'}
          color={selected.size ? 'blue' : 'gray'}
          data-testid="selected-count"
          className={classes.noShrink}
          tt="none"
        >
          {t('reg.selected', { n: num(selected.size) })}
        </Badge>
        <Button
          size="compact-xs"
          onClick={() => start()}
          loading={startRun.isPending}
          title={tw('runAllHint')}
          data-testid="run-all"
        >
          {tw('runAll')}
        </Button>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="light"
              rightSection={<span aria-hidden>▾</span>}
              data-testid="run-one"
            >
              {tw('runOne')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TASK_ORDER.map((task) => (
              <Menu.Item key={task} onClick={() => start([task])} data-task={task}>
                {tw('runTask', { task: t(`task.${task}`) })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="compact-xs"
          variant="light"
          disabled={selected.size === 0}
          onClick={() => navigate(regProductPath(selectedIds))}
        >
          {t('reg.addToRegistration')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          disabled={selected.size === 0}
          onClick={() => dispatch({ type: 'askDelete' })}
        >
          {t('reg.delete')}
        </Button>
        <ExportMenu ids={selectedIds} />
        {selected.size > 0 ? (
          <Button size="compact-xs" variant="subtle" onClick={() => dispatch({ type: 'clearSelection' })}>
            {t('reg.clearSelection')}
          </Button>
        ) : null}
        <Button
          component={Link}
          to="/addproduct"
          size="xs"
          px={8}
          variant="light"
          className={classes.noShrink}
        >
          {t('reg.import')}
        </Button>
      </div>

      {showAdvanced ? (
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
          <Text size="xs" c="dimmed" ml="auto">
            {t('reg.keyboardHelp')}
          </Text>
        </div>
      ) : null}

      {runError ? (
        <Alert
          color="red"
          py={4}
          withCloseButton
          onClose={() => dispatch({ type: 'dismissRunError' })}
          data-testid="run-error"
        >
          {runError.message}{' '}
          {runError.code === 'gemini_key_missing' ? (
            <Anchor component={Link} to="/settings" size="sm">
              {t('settings.title')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {shownRuns.map((run) => (
        <RunPanel
          key={run.runId}
          run={run}
          cancelling={cancelRun.isPending && cancelRun.variables === run.runId}
          onCancel={() => dispatch({ type: 'askCancel', runId: run.runId })}
          onClose={() => dispatch({ type: 'closeRun', runId: run.runId })}
        />
      ))}
      {notice ? (
        <Alert
          color="green"
          py={4}
          withCloseButton
          onClose={() => dispatch({ type: 'notice', notice: null })}
        >
          {notice}
        </Alert>
      ) : null}
      {list.error ? (
        <Alert color="red" title={t('reg.title')}>
          {errorText(list.error)}
        </Alert>
      ) : null}

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
              <th className={classes.colRate}>{t('reg.completeness')}</th>
              <th className={classes.colPreflight}>
                <PreflightHeader />
              </th>
              <th className={classes.colDate}>{sortHeader('updatedAt', t('reg.updatedAt'))}</th>
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden>
                <td colSpan={10} style={{ height: padTop, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {items.map((v) => {
              const row = rows[v.index];
              if (!row) return null;
              return (
                <Row
                  key={row._id}
                  row={row}
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
                <td colSpan={10} style={{ height: padBottom, padding: 0, border: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {!list.isPending && rows.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text c="dimmed">{anyFilter ? t('reg.empty') : t('reg.emptyAll')}</Text>
            {!anyFilter ? (
              <Button component={Link} to="/addproduct" size="xs">
                {t('reg.import')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {list.isPending ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('reg.loading')}
          </Text>
        ) : null}
      </section>

      <span id="reg-keyboard-help" hidden>
        {t('reg.keyboardHelp')}
      </span>

      <Modal
        opened={confirmDelete}
        onClose={() => dispatch({ type: 'closeDelete' })}
        title={t('reg.delete')}
        centered
      >
        <Stack>
          <Text>{t('reg.deleteConfirm', { count: selected.size })}</Text>
          {remove.error ? <Alert color="red">{errorText(remove.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => dispatch({ type: 'closeDelete' })}>
              {t('reg.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(selectedIds)}>
              {t('reg.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirmCancel !== null}
        onClose={() => dispatch({ type: 'closeCancel' })}
        title={tw('cancel')}
        centered
      >
        <Stack>
          <Text size="sm">{tw('cancelConfirm')}</Text>
          {cancelRun.error ? <Alert color="red">{errorText(cancelRun.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => dispatch({ type: 'closeCancel' })}>
              {tw('keepRunning')}
            </Button>
            <Button
              color="red"
              loading={cancelRun.isPending}
              onClick={() =>
                confirmCancel &&
                cancelRun.mutate(confirmCancel, { onSuccess: () => dispatch({ type: 'closeCancel' }) })
              }
              data-testid="confirm-cancel"
            >
              {tw('cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Row({
  row,
  index,
  active,
  selected,
  onToggle,
  onFocusRow,
}: {
  row: ProductSummary;
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
          onChange={(e) => onToggle((e.nativeEvent as MouseEvent).shiftKey === true)}
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
      <td className={classes.colRate}>
        <CompletenessBar rate={row.completeness} width={56} dense />
      </td>
      <td className={classes.colPreflight}>
        <PreflightCell productId={row._id} />
      </td>
      <td className={classes.colDate}>{dateTime(row.updatedAt)}</td>
    </tr>
  );
}
