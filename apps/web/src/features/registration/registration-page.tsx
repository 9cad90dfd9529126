import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { ProductPage } from '../products/product-page';
import classes from './registration.module.css';
import { CancelRunDialog, DeleteDialog } from './registration-dialogs';
import { AdvancedFilters } from './registration-filters';
import { filtersOn } from './registration-state';
import { RegistrationTable } from './registration-table';
import { RegistrationToolbar } from './registration-toolbar';
import { RunPanel } from './run-panel';
import { useRegistration } from './use-registration';

/** AIRocketReg: the registration table, or one product when `?product=<id>` is in the address. */
export default function RegistrationPage() {
  const [params] = useSearchParams();
  const id = params.get('product');
  return id ? <ProductPage productId={id} /> : <RegistrationScreen />;
}

/**
 * The products with their task statuses: filter, select, run tasks, delete, export. The screen's
 * state machine is `registration-state.ts`; its calls are in `use-registration.ts`.
 */
function RegistrationScreen() {
  const { t } = useProductsT();
  const {
    state,
    dispatch,
    list,
    rows,
    categoryOptions,
    remove,
    startRun,
    cancelRun,
    shownRuns,
    start,
    confirmCancel,
  } = useRegistration();
  const { filters, selected, showAdvanced, confirmDelete, notice, runError } = state;

  return (
    <Stack gap={4} className={classes.page}>
      <RegistrationToolbar
        state={state}
        dispatch={dispatch}
        total={list.data?.total ?? rows.length}
        start={start}
        starting={startRun.isPending}
      />
      {showAdvanced ? (
        <AdvancedFilters filters={filters} categoryOptions={categoryOptions} dispatch={dispatch} />
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
          {runError.code === 'gemini_key_missing' || runError.code === 'brand_missing' ? (
            <Anchor component={Link} to="/settings" size="sm" data-testid="run-error-settings">
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

      <RegistrationTable
        rows={rows}
        state={state}
        dispatch={dispatch}
        loading={list.isPending}
        anyFilter={filtersOn(filters)}
      />

      <DeleteDialog
        opened={confirmDelete}
        count={selected.size}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => dispatch({ type: 'closeDelete' })}
        onConfirm={() => remove.mutate([...selected])}
      />
      <CancelRunDialog
        opened={state.confirmCancel !== null}
        pending={cancelRun.isPending}
        error={cancelRun.error}
        onClose={() => dispatch({ type: 'closeCancel' })}
        onConfirm={confirmCancel}
      />
    </Stack>
  );
}
