import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import type { SettingsAction, SettingsState } from './settings-state';

/** The save button with its outcome, and after a pricing change the offer to reprice every product. */
export function SettingsSaveBar({
  state,
  dispatch,
  repriceAll,
}: {
  state: SettingsState;
  dispatch: Dispatch<SettingsAction>;
  repriceAll: () => void;
}) {
  const { t } = useProductsT();
  const { save, reprice } = state;
  return (
    <>
      <Group>
        <Button type="submit" loading={save.kind === 'saving'} data-testid="settings-save">
          {t('settings.save')}
        </Button>
        {save.kind === 'saved' ? (
          <Text c="green" size="sm" role="status">
            {save.message}
          </Text>
        ) : null}
        {save.kind === 'error' ? (
          <Text c="red" size="sm" role="alert">
            {save.message}
          </Text>
        ) : null}
      </Group>
      {reprice.kind === 'offer' || reprice.kind === 'running' ? (
        <Alert color="blue" data-testid="reprice-offer">
          <Stack gap="xs">
            <Text size="sm">{t('settings.repriceOffer')}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                loading={reprice.kind === 'running'}
                onClick={repriceAll}
                data-testid="reprice-all"
              >
                {t('settings.repriceAll')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={reprice.kind === 'running'}
                onClick={() => dispatch({ type: 'repriceLater' })}
              >
                {t('settings.repriceLater')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {reprice.kind === 'done' ? (
        <Text c="green" size="sm" role="status" data-testid="reprice-result">
          {reprice.message}
        </Text>
      ) : null}
      {reprice.kind === 'error' ? (
        <Text c="red" size="sm" role="alert">
          {reprice.message}
        </Text>
      ) : null}
    </>
  );
}
