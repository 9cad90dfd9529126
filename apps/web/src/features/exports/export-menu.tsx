import { Alert, Button, FileInput, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import type { ProductPreflight, SheetImportResponse } from '@rr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import {
  download,
  exportRocketGrowth,
  exportSupplierHub,
  exportXlsx,
  importXlsx,
  PreflightStopped,
  SheetRefused,
} from './api';
import { ExportSettingsForm } from './export-settings-form';
import { useExportsT } from './i18n';
import { checkProducts, PreflightResults, storePreflight } from './preflight-results';

type Dialog =
  | { kind: 'preflight'; products: ProductPreflight[]; notice?: string }
  | { kind: 'import' }
  | { kind: 'settings' }
  | null;

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

function jsonBlob(value: unknown): Blob {
  return new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
}

/**
 * The registration screen's export actions for the selected products: pre-flight, the Supplier Hub
 * draft, the Rocket Growth payload, the Excel review sheet and its import. Every export runs the
 * pre-flight on the server first; when it stops an export its findings open here.
 */
export function ExportMenu({ ids }: { ids: string[] }) {
  const { t } = useExportsT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);

  async function run(kind: 'preflight' | 'supplierHub' | 'rocketGrowth' | 'xlsx') {
    setBusy(kind);
    setMessage(null);
    try {
      if (kind === 'preflight') {
        setDialog({ kind: 'preflight', products: await checkProducts(queryClient, ids) });
      } else if (kind === 'supplierHub') {
        const r = await exportSupplierHub(ids);
        storePreflight(queryClient, r.preflight);
        download(jsonBlob(r.drafts.length === 1 ? r.drafts[0] : r.drafts), `supplier-hub-${stamp()}.json`);
        setMessage({ color: 'green', text: t('done.supplierHub', { n: r.drafts.length }) });
      } else if (kind === 'rocketGrowth') {
        const r = await exportRocketGrowth(ids);
        storePreflight(queryClient, r.preflight);
        download(
          jsonBlob(r.payloads.length === 1 ? r.payloads[0] : r.payloads),
          `rocket-growth-${stamp()}.json`,
        );
        setMessage({ color: 'green', text: t('done.rocketGrowth', { n: r.payloads.length }) });
      } else {
        download(await exportXlsx(ids), `rocket-review-${stamp()}.xlsx`);
        setMessage({ color: 'green', text: t('done.xlsx') });
      }
    } catch (e) {
      if (e instanceof PreflightStopped) {
        storePreflight(queryClient, e.preflight);
        setDialog({ kind: 'preflight', products: e.preflight, notice: t('done.stopped') });
      } else setMessage({ color: 'red', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  }

  const none = ids.length === 0;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="light" loading={busy !== null} data-testid="export-menu">
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
          <Menu.Item onClick={() => setDialog({ kind: 'import' })} data-testid="import-xlsx">
            {t('menu.importXlsx')}
          </Menu.Item>
          <Menu.Item onClick={() => setDialog({ kind: 'settings' })} data-testid="export-settings">
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

      <Modal
        opened={dialog?.kind === 'preflight'}
        onClose={() => setDialog(null)}
        title={t('preflight.title')}
        size="xl"
      >
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
      <Modal
        opened={dialog?.kind === 'import'}
        onClose={() => setDialog(null)}
        title={t('import.title')}
        size="lg"
      >
        <ImportForm />
      </Modal>
      <Modal
        opened={dialog?.kind === 'settings'}
        onClose={() => setDialog(null)}
        title={t('settings.title')}
        size="lg"
      >
        <ExportSettingsForm />
      </Modal>
    </>
  );
}

function ImportForm() {
  const { t, i18n } = useExportsT();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SheetImportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.language === 'en' ? 'en' : 'ko';

  async function submit() {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await importXlsx(file));
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    } catch (e) {
      setError(errorText(e));
      // A refused sheet saved nothing: what was refused, and what was held back, is shown below.
      if (e instanceof SheetRefused) setResult(e.answer);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('import.choose')}</Text>
      <Group align="flex-end">
        <FileInput
          label={t('import.file')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          style={{ flex: 1 }}
          data-testid="import-file"
        />
        <Button onClick={() => void submit()} loading={busy} disabled={!file} data-testid="import-submit">
          {t('import.submit')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" py={6} role="alert">
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Stack gap={6} data-testid="import-result" data-applied={result.applied ? 'true' : 'false'}>
          <Text size="sm" fw={600}>
            {t(result.applied ? 'import.changed' : 'import.heldBack', {
              n: result.changed.reduce((n, r) => n + r.changes.length, 0),
            })}{' '}
            · {t('import.refused', { n: result.refused.length })} ·{' '}
            {t('import.unchanged', { n: result.unchangedRows })}
          </Text>
          {result.applied && result.changed.length === 0 && result.refused.length === 0 ? (
            <Text size="sm">{t('import.nothing')}</Text>
          ) : null}
          {result.refused.map((r) => (
            <Text key={`${r.row}:${r.column}`} size="xs" c="red" data-testid="import-refused">
              {t('import.row', { row: r.row })} ·{' '}
              {r.conflict
                ? // The reason names the product, option and field, with the value stored now.
                  `${r.reason[lang]} (${t('import.sheetValue')}: "${r.value}")`
                : `${r.registrationId} ${r.optionNumber} · ${r.header} "${r.value}": ${r.reason[lang]}`}
            </Text>
          ))}
          {result.changed.map((r) =>
            r.changes.map((c) => (
              <Text
                key={`${r.row}:${c.column}`}
                size="xs"
                c={result.applied ? undefined : 'dimmed'}
                data-testid="import-change"
              >
                {t('import.row', { row: r.row })} · {r.registrationId} {r.optionNumber} · {c.header}:{' '}
                {c.from || '—'} → {c.to}
                {result.applied ? '' : ` (${t('import.notSaved')})`}
              </Text>
            )),
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
