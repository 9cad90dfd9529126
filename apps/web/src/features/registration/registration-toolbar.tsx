import { Badge, Button, Menu, Text, Title } from '@mantine/core';
import type { TaskName } from '@rr/domain';
import type { Dispatch } from 'react';
import { Link, useNavigate } from 'react-router';
import { num } from '../../shared/products/format';
import { useProductsT } from '../../shared/products/i18n';
import { regProductPath } from '../../shared/products/paths';
import { TASK_ORDER } from '../../shared/products/status';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { ExportMenu } from '../exports/export-menu';
import classes from './registration.module.css';
import { FilterControls } from './registration-filters';
import type { RegistrationAction, RegistrationState } from './registration-state';

type Props = {
  state: Pick<RegistrationState, 'filters' | 'showAdvanced' | 'selected'>;
  dispatch: Dispatch<RegistrationAction>;
  /** How many products the filters find. */
  total: number;
  /** Runs every task (or the given ones) for the selection. */
  start: (tasks?: TaskName[]) => void;
  starting: boolean;
};

/** One row: the title and count, the filters, and what to do with the selected products. */
export function RegistrationToolbar({ state, dispatch, total, start, starting }: Props) {
  const { t } = useProductsT();
  const { t: tw } = useWorkflowT();
  const navigate = useNavigate();
  const { filters, showAdvanced, selected } = state;
  const selectedIds = [...selected];
  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('reg.filtersLabel')}>
      <Title order={2} className={classes.title}>
        {t('reg.title')}
      </Title>
      <Text size="xs" c="dimmed" data-testid="reg-count" className={classes.count}>
        {t('reg.subtitle', { n: num(total) })}
      </Text>
      <FilterControls filters={filters} showAdvanced={showAdvanced} dispatch={dispatch} />
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
        loading={starting}
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
      <Button component={Link} to="/addproduct" size="xs" px={8} variant="light" className={classes.noShrink}>
        {t('reg.import')}
      </Button>
    </div>
  );
}
