import { Alert, Button, Menu, Modal, Stack, Text } from '@mantine/core';
import { ExportSettingsForm } from './export-settings-form';
import { useExportsT } from './i18n';
import { PreflightResults } from './preflight-results';
import { SheetImportForm } from './sheet-import-form';
import { useExportMenu } from './use-export-menu';

/**
 * The registration screen's export actions for the selected products: pre-flight, the Supplier Hub
 * draft, the Rocket Growth payload, the Excel review sheet and its import. Every export runs the
 * pre-flight on the server first; when it stops an export its findings open here.
 */
export function ExportMenu({ ids }: { ids: string[] }) {
  const { t } = useExportsT();
  const { state, dispatch, run } = useExportMenu(ids);
  const { message, dialog } = state;
  const close = () => dispatch({ type: 'close' });
  const none = ids.length === 0;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="light" loading={state.busy !== null} data-testid="export-menu">
            {t('menu.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {none ? <Menu.Label>{t('menu.needSelection')}</Menu.Label> : null}
          <Menu.Item disabled={none} onClick={() => void run('preflight')} data-testid="export-preflight">
            {t('menu.preflight')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            disabled={none}
            onClick={() => void run('supplierHub')}
            data-testid="export-supplier-hub"
          >
            {t('menu.supplierHub')}
          </Menu.Item>
          <Menu.Item
            disabled={none}
            onClick={() => void run('rocketGrowth')}
            data-testid="export-rocket-growth"
          >
            {t('menu.rocketGrowth')}
          </Menu.Item>
          <Menu.Item disabled={none} onClick={() => void run('xlsx')} data-testid="export-xlsx">
            {t('menu.xlsx')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => dispatch({ type: 'open', dialog: 'import' })} data-testid="import-xlsx">
            {t('menu.importXlsx')}
          </Menu.Item>
          <Menu.Item
            onClick={() => dispatch({ type: 'open', dialog: 'settings' })}
            data-testid="export-settings"
          >
            {t('menu.settings')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {message ? (
        <Text
          size="xs"
          c={message.color}
          role={message.color === 'red' ? 'alert' : 'status'}
          data-testid="export-message"
        >
          {message.text}
        </Text>
      ) : null}

      <Modal opened={dialog?.kind === 'preflight'} onClose={close} title={t('preflight.title')} size="xl">
        {dialog?.kind === 'preflight' ? (
          <Stack gap="sm">
            {dialog.notice ? (
              <Alert color="red" py={6} role="alert">
                {dialog.notice}
              </Alert>
            ) : null}
            <PreflightResults products={dialog.products} />
          </Stack>
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'import'} onClose={close} title={t('import.title')} size="lg">
        <SheetImportForm />
      </Modal>
      <Modal opened={dialog?.kind === 'settings'} onClose={close} title={t('settings.title')} size="lg">
        <ExportSettingsForm />
      </Modal>
    </>
  );
}
